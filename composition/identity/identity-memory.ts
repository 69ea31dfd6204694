import { ContainerModule } from 'inversify';
import {
  InMemoryApplicationRepository,
  InMemoryNonceStore,
  InMemoryOAuthTokenRepository,
  InMemoryOneTimeLinkRepository,
  InMemoryPersonalTokenRepository,
  InMemoryUserRepository,
  InMemoryWebSessionRepository,
} from '../../adapters/in-memory/in-memory-identity-repositories.js';
import { CORE } from '../core/core-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { IDENTITY } from './identity-tokens.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';

/**
 * Accounts, applications, tokens and web sessions in the in-memory storage, enlisted in its unit of work; OAuth nonces
 * in one ledger of the storage's, shared by every application on it (as the `oauth_nonce` table is), so a replay is
 * refused whichever application it reaches (ADR 0029).
 */
export const identityMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(IDENTITY.UserRepository).toConstantValue(memory.store('identity/users', (uow) => new InMemoryUserRepository(uow)));
    bind(IDENTITY.ApplicationRepository).toConstantValue(memory.store('identity/applications', (uow) => new InMemoryApplicationRepository(uow)));
    bind(IDENTITY.PersonalTokenRepository).toConstantValue(memory.store('identity/personal-tokens', (uow) => new InMemoryPersonalTokenRepository(uow)));
    bind(IDENTITY.OAuthTokenRepository).toConstantValue(memory.store('identity/oauth-tokens', (uow) => new InMemoryOAuthTokenRepository(uow)));
    const nonces = memory.store('identity/oauth-nonces', () => new Map<string, number>());
    bind(IDENTITY.NonceStore)
      .toResolvedValue((clock) => new InMemoryNonceStore(clock, nonces), [CORE.Clock])
      .inSingletonScope();
    bind(IDENTITY.WebSessionRepository).toConstantValue(memory.store('identity/web-sessions', (uow) => new InMemoryWebSessionRepository(uow)));
    bind(IDENTITY.OneTimeLinkRepository).toConstantValue(memory.store('identity/password-resets', (uow) => new InMemoryOneTimeLinkRepository(uow)));
    const erasable = [
      memory.store('identity/web-sessions', (uow) => new InMemoryWebSessionRepository(uow)),
      memory.store('identity/personal-tokens', (uow) => new InMemoryPersonalTokenRepository(uow)),
      memory.store('identity/oauth-tokens', (uow) => new InMemoryOAuthTokenRepository(uow)),
      memory.store('identity/applications', (uow) => new InMemoryApplicationRepository(uow)),
      memory.store('identity/password-resets', (uow) => new InMemoryOneTimeLinkRepository(uow)),
    ];
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new InMemoryPersonalDataEraser('sessions, tokens, applications, authorisations, reset links', erasable));
  });

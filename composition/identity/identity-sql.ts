import { ContainerModule } from 'inversify';
import { MikroOrmApplicationRepository, MikroOrmOAuthTokenRepository, MikroOrmOneTimeLinkRepository, MikroOrmPersonalTokenRepository, MikroOrmUserRepository, MikroOrmWebSessionRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { SqlNonceStore } from '../../adapters/persistence/identity/sql-nonce-store.js';
import { CORE } from '../core/core-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { IDENTITY } from './identity-tokens.js';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';

/**
 * Accounts, applications, tokens and web sessions on the database through MikroORM; OAuth nonces in the database
 * alone, even with Redis (ADR 0029).
 */
export const identitySql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(IDENTITY.UserRepository).toConstantValue(new MikroOrmUserRepository(db.orm));
    bind(IDENTITY.ApplicationRepository).toConstantValue(new MikroOrmApplicationRepository(db.orm));
    bind(IDENTITY.PersonalTokenRepository).toConstantValue(new MikroOrmPersonalTokenRepository(db.orm));
    bind(IDENTITY.OAuthTokenRepository).toConstantValue(new MikroOrmOAuthTokenRepository(db.orm));
    // In the database alone, even with Redis: a replay must never pass, and a split across two stores lets one
    // through at an outage's edge (ADR 0029). While the database is down the claim throws: the request gets a 503.
    bind(IDENTITY.NonceStore)
      .toResolvedValue((clock) => new SqlNonceStore(db.orm, clock), [CORE.Clock])
      .inSingletonScope();
    bind(IDENTITY.WebSessionRepository).toConstantValue(new MikroOrmWebSessionRepository(db.orm));
    bind(IDENTITY.OneTimeLinkRepository).toConstantValue(new MikroOrmOneTimeLinkRepository(db.orm));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(
      new SqlPersonalDataEraser(db.orm, 'sessions, tokens, applications, authorisations, reset links', [
        { table: 'web_session', column: 'user_id' },
        { table: 'personal_token', column: 'user_id' },
        { table: 'oauth_token', column: 'user_id' },
        { table: 'client_application', column: 'owner_id' },
        { table: 'one_time_link', column: 'user_id' },
      ]),
    );
  });

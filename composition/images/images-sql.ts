import { ContainerModule } from 'inversify';
import { sharedSecret } from '../../adapters/persistence/images/server-secret.js';
import { RandomSecretGenerator } from '../../adapters/system/random-secrets.js';
import type { SqlRuntime } from '../spindle-module.js';
import { IMAGES } from './images-tokens.js';

/** The image-signing key kept in the database (`server_secret`), so every instance on it signs alike. */
export const imagesSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const secrets = new RandomSecretGenerator();
    bind(IMAGES.SharedSigningSecret).toConstantValue(() => sharedSecret(db.orm, 'image-signing', () => secrets.generate(48)));
  });

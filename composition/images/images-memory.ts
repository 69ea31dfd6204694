import { ContainerModule } from 'inversify';
import { RandomSecretGenerator } from '../../adapters/system/random-secrets.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { IMAGES } from './images-tokens.js';

/** The image-signing key made once per in-memory storage, so every application on it signs alike. */
export const imagesMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const secret = memory.store('images/signing-secret', () => new RandomSecretGenerator().generate(48));
    bind(IMAGES.SharedSigningSecret).toConstantValue(async () => secret);
  });

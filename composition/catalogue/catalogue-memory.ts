import { ContainerModule } from 'inversify';
import { inMemoryCatalogue } from '../../adapters/in-memory/in-memory-catalogue.js';
import { CORE } from '../core/core-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { TEXT } from '../text/text-tokens.js';
import { CATALOGUE } from './catalogue-tokens.js';

/**
 * The catalogue in the in-memory storage: one reader over its records (records and lists, names for text links,
 * samples), and the dump import's writer, which stores each file's records at its commit and keeps database search's
 * posting lists beside them (see `inMemoryCatalogue`).
 */
export const catalogueMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(CATALOGUE.Reader)
      .toResolvedValue((clock) => inMemoryCatalogue(memory, clock).reader, [CORE.Clock])
      .inSingletonScope();
    bind(TEXT.NameResolver)
      .toResolvedValue((clock) => inMemoryCatalogue(memory, clock).reader, [CORE.Clock])
      .inSingletonScope();
    bind(CATALOGUE.Writer)
      .toResolvedValue((clock) => inMemoryCatalogue(memory, clock).writer, [CORE.Clock])
      .inSingletonScope();
    bind(CATALOGUE.Samples)
      .toResolvedValue((clock) => inMemoryCatalogue(memory, clock).reader, [CORE.Clock])
      .inSingletonScope();
  });

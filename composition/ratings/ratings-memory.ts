import { ContainerModule } from 'inversify';
import { InMemoryRatingStore } from '../../adapters/in-memory/in-memory-rating-store.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { RATINGS } from './ratings-tokens.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/** The name of the ratings' store in an `InMemoryStorage`. */
export const RATING_STORE = 'ratings/store';

/**
 * Ratings in the in-memory storage, enlisted in its unit of work; the catalogue's rating figures counted from them on
 * each read (the database keeps them on the release rows by triggers), a master's over the versions the catalogue
 * module's reader tells.
 */
export const ratingsMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const store = memory.store(RATING_STORE, (uow) => new InMemoryRatingStore(uow));
    bind(RATINGS.Repository).toConstantValue(store.ratings);
    bind(CATALOGUE.RatingCounts)
      .toResolvedValue((catalogue) => store.countsWith(catalogue), [CATALOGUE.Reader])
      .inSingletonScope();
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new InMemoryPersonalDataEraser('ratings', [store]));
  });

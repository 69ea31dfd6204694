import { ContainerModule } from 'inversify';
import { MikroOrmReleaseRatingRepository } from '../../adapters/persistence/ratings/mikro-orm-release-rating-repository.js';
import { SqlRatingCounts } from '../../adapters/persistence/ratings/sql-rating-counts.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { RATINGS } from './ratings-tokens.js';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/** Ratings on the database: given and changed through MikroORM, the catalogue's rating figures as a read model in SQL. */
export const ratingsSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(RATINGS.Repository).toConstantValue(new MikroOrmReleaseRatingRepository(db.orm));
    bind(CATALOGUE.RatingCounts).toConstantValue(new SqlRatingCounts(db.orm));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new SqlPersonalDataEraser(db.orm, 'ratings', [{ table: 'release_rating', column: 'user_id' }]));
  });

import { ContainerModule } from 'inversify';
import { RatingPresenter } from '../../adapters/http/ratings/rating-presenter.js';
import { RatingRoutes } from '../../adapters/http/ratings/rating-routes.js';
import { GetCommunityRating } from '../../application/ratings/get-community-rating.js';
import { GetUserRating } from '../../application/ratings/get-user-rating.js';
import { RateRelease } from '../../application/ratings/rate-release.js';
import { RatingFigures } from '../../application/ratings/rating-figures.js';
import { RemoveRating } from '../../application/ratings/remove-rating.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { ratingsMemory } from './ratings-memory.js';
import { ratingsSql } from './ratings-sql.js';
import { ratingsSchema } from './ratings-schema.js';
import { USERS } from '../users/users-tokens.js';
import { seedDemoRatings } from './demo-ratings.js';
import { RATINGS } from './ratings-tokens.js';

/**
 * Users' ratings of releases: `GET`/`PUT`/`DELETE /releases/{id}/rating/{name}` and `GET /releases/{id}/rating`, the
 * catalogue's rating figures (`CATALOGUE.RatingCounts`: a release's `community.rating`, a master's over its
 * versions), the profile's `releases_rated` and `rating_avg` (`USERS.FiguresPart`), and demo ratings.
 */
export const ratingsModule: SpindleModule = {
  name: 'ratings',
  schema: ratingsSchema,
  demoAfter: ['identity', 'catalogue'],

  adapters: { sql: ratingsSql, memory: ratingsMemory },

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(USERS.FiguresPart)
        .toResolvedValue((ratings) => new RatingFigures(ratings), [RATINGS.Repository])
        .inSingletonScope();

      const catalogue = CATALOGUE.Reader;
      const users = IDENTITY.UserRepository;
      const ratings = RATINGS.Repository;
      bind(RATINGS.GetUserRating).toResolvedValue((c, u, r) => new GetUserRating(c, u, r), [catalogue, users, ratings]).inSingletonScope();
      bind(RATINGS.RateRelease)
        .toResolvedValue((c, u, r, w, k) => new RateRelease(c, u, r, w, k), [catalogue, users, ratings, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(RATINGS.RemoveRating)
        .toResolvedValue((c, u, r, w) => new RemoveRating(c, u, r, w), [catalogue, users, ratings, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(RATINGS.GetCommunityRating)
        .toResolvedValue((c, n) => new GetCommunityRating(c, n), [catalogue, CATALOGUE.RatingCounts])
        .inSingletonScope();

      bind(HTTP.Routes)
        .toResolvedValue(
          (getUserRating, rateRelease, removeRating, getCommunityRating) =>
            new RatingRoutes({ getUserRating, rateRelease, removeRating, getCommunityRating }, new RatingPresenter(config.dialect), {
              maxBodyBytes: config.maxBodyBytes,
            }),
          [RATINGS.GetUserRating, RATINGS.RateRelease, RATINGS.RemoveRating, RATINGS.GetCommunityRating],
        )
        .inSingletonScope();
    }),

  demo: seedDemoRatings,
};

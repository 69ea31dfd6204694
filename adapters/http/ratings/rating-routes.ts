import type Router from '@koa/router';
import { NotFound } from '../../../application/errors.js';
import type { GetCommunityRating } from '../../../application/ratings/get-community-rating.js';
import type { GetUserRating } from '../../../application/ratings/get-user-rating.js';
import type { RateRelease } from '../../../application/ratings/rate-release.js';
import type { RemoveRating } from '../../../application/ratings/remove-rating.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { ratingInput } from './rating-bodies.js';
import type { RatingPresenter } from './rating-presenter.js';

/** The use cases the rating routes call. */
export interface RatingUseCases {
  readonly getUserRating: GetUserRating;
  readonly rateRelease: RateRelease;
  readonly removeRating: RemoveRating;
  readonly getCommunityRating: GetCommunityRating;
}

const releaseId = (value: string | undefined): number => pathId(value, () => new NotFound('Release not found.'));

/**
 * Ratings of releases: a user's own (`GET`, `PUT`, `DELETE /releases/{id}/rating/{name}`; 200, 200 with the rating,
 * 204) and the community's (`GET /releases/{id}/rating`).
 */
export class RatingRoutes implements RouteModule {
  constructor(
    private readonly useCases: RatingUseCases,
    private readonly presenter: RatingPresenter,
    private readonly options: { readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p } = this;
    const body = jsonBodyParser(this.options.maxBodyBytes);

    router.get('/releases/:id/rating', async (ctx) => {
      ctx.body = p.communityRating(await u.getCommunityRating.execute({ releaseId: releaseId(ctx.params.id) }));
    });
    router.get('/releases/:id/rating/:name', async (ctx) => {
      ctx.body = p.userRating(await u.getUserRating.execute({ releaseId: releaseId(ctx.params.id), name: ctx.params.name! }));
    });
    router.put('/releases/:id/rating/:name', body, async (ctx) => {
      const view = await u.rateRelease.execute({
        releaseId: releaseId(ctx.params.id),
        name: ctx.params.name!,
        caller: ctx.state.caller,
        body: () => ratingInput(ctx.query, requestBody(ctx)),
      });
      ctx.body = p.userRating(view);
    });
    router.delete('/releases/:id/rating/:name', async (ctx) => {
      await u.removeRating.execute({ releaseId: releaseId(ctx.params.id), name: ctx.params.name!, caller: ctx.state.caller });
      ctx.status = 204;
    });
  }
}

import type Router from '@koa/router';
import { NotFound } from '../../../application/errors.js';
import type { GetFee } from '../../../application/marketplace/get-fee.js';
import type { GetMarketStats } from '../../../application/marketplace/get-market-stats.js';
import type { GetPriceSuggestions } from '../../../application/marketplace/get-price-suggestions.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import { CurrencyQuery } from '../catalogue/catalogue-queries.js';
import type { SpindleState } from '../http-state.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { MarketFigurePresenter } from './market-figure-presenter.js';

/** The use cases the market figure routes call. */
export interface MarketFigureUseCases {
  readonly getFee: GetFee;
  readonly getPriceSuggestions: GetPriceSuggestions;
  readonly getMarketStats: GetMarketStats;
}

const releaseId = (value: string | undefined): number => pathId(value, () => new NotFound('Release not found.'));

/**
 * `GET /marketplace/fee/{price}[/{currency}]` (anyone), `GET /marketplace/price_suggestions/{release_id}` (sellers)
 * and `GET /marketplace/stats/{release_id}` (anyone; `curr_abbr`).
 */
export class MarketFigureRoutes implements RouteModule {
  constructor(
    private readonly useCases: MarketFigureUseCases,
    private readonly presenter: MarketFigurePresenter,
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p } = this;
    router.get('/marketplace/fee', async (ctx) => {
      ctx.body = p.fee(await u.getFee.execute({ price: '' }));
    });
    router.get('/marketplace/fee/:price', async (ctx) => {
      ctx.body = p.fee(await u.getFee.execute({ price: ctx.params.price! }));
    });
    router.get('/marketplace/fee/:price/:currency', async (ctx) => {
      ctx.body = p.fee(await u.getFee.execute({ price: ctx.params.price!, currency: ctx.params.currency! }));
    });
    router.get('/marketplace/price_suggestions/:id', async (ctx) => {
      ctx.body = p.priceSuggestions(await u.getPriceSuggestions.execute({ releaseId: releaseId(ctx.params.id), caller: ctx.state.caller }));
    });
    router.get('/marketplace/stats/:id', async (ctx) => {
      const q = validateQuery(CurrencyQuery, ctx.query);
      const stats = await u.getMarketStats.execute({
        releaseId: releaseId(ctx.params.id),
        currency: q.curr_abbr as Currency | undefined,
        caller: ctx.state.caller,
      });
      ctx.body = p.stats(stats);
    });
  }
}

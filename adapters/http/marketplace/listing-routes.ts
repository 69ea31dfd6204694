import type Router from '@koa/router';
import type { CreateListing } from '../../../application/marketplace/create-listing.js';
import type { DeleteListing } from '../../../application/marketplace/delete-listing.js';
import type { EditListing } from '../../../application/marketplace/edit-listing.js';
import type { GetInventory } from '../../../application/marketplace/get-inventory.js';
import type { GetListing } from '../../../application/marketplace/get-listing.js';
import { NotFound } from '../../../application/errors.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import type { InventorySort } from '../../../domain/marketplace/inventory-sort.js';
import type { InventoryStatusFilter } from '../../../domain/marketplace/listing-status.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { paginate } from '../pagination.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { listingInput } from './listing-bodies.js';
import type { ListingPresenter } from './listing-presenter.js';
import { CurrencyQuery, InventoryQuery } from './marketplace-queries.js';
import type { ApiSchema } from '../api-shapes.js';

/** The use cases the listing routes call. */
export interface ListingUseCases {
  readonly createListing: CreateListing;
  readonly getListing: GetListing;
  readonly editListing: EditListing;
  readonly deleteListing: DeleteListing;
  readonly getInventory: GetInventory;
}

const listingId = (value: string | undefined): number => pathId(value, () => new NotFound());

/**
 * Listings (`POST /marketplace/listings` 201, `GET`, `POST` 204 and `DELETE` 204 `/marketplace/listings/{id}`) and a
 * seller's inventory (`GET /s/{name}/inventory`).
 */
export class ListingRoutes implements RouteModule {
  constructor(
    private readonly useCases: ListingUseCases,
    private readonly presenter: ListingPresenter,
    private readonly baseUrl: string,
    private readonly options: { readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p } = this;
    const body = jsonBodyParser(this.options.maxBodyBytes);

    router.post('/marketplace/listings', body, async (ctx) => {
      const { listingId: id } = await u.createListing.execute({ caller: ctx.state.caller, body: () => listingInput(ctx.query, requestBody(ctx)) });
      ctx.status = 201;
      ctx.set('Location', p.listingUrl(id));
      ctx.body = p.created(id);
    });
    router.get('/marketplace/listings/:id', async (ctx) => {
      const id = listingId(ctx.params.id);
      const q = validateQuery(CurrencyQuery, ctx.query);
      const view = await u.getListing.execute({ id, caller: ctx.state.caller, currency: q.curr_abbr as Currency | undefined, textFormat: ctx.state.textFormat });
      ctx.body = p.listing(view);
    });
    router.post('/marketplace/listings/:id', body, async (ctx) => {
      const id = listingId(ctx.params.id);
      const q = validateQuery(CurrencyQuery, ctx.query);
      await u.editListing.execute({ id, caller: ctx.state.caller, body: () => listingInput(ctx.query, requestBody(ctx)), currency: q.curr_abbr as Currency | undefined });
      ctx.status = 204;
    });
    router.delete('/marketplace/listings/:id', async (ctx) => {
      await u.deleteListing.execute({ id: listingId(ctx.params.id), caller: ctx.state.caller });
      ctx.status = 204;
    });
    router.get('/s/:name/inventory', async (ctx) => {
      const q = validateQuery(InventoryQuery, ctx.query);
      const view = await u.getInventory.execute({
        name: ctx.params.name!,
        caller: ctx.state.caller,
        status: q.status as InventoryStatusFilter | undefined,
        sort: q.sort as InventorySort | undefined,
        sortOrder: q.sortOrder(),
        page: q.toPageRequest(),
        textFormat: ctx.state.textFormat,
        currency: q.curr_abbr as Currency | undefined,
      });
      ctx.body = { pagination: paginate(ctx, this.baseUrl, view.page), listings: p.inventory(view) } satisfies ApiSchema<'InventoryPage'>;
    });
  }
}

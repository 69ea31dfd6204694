import type Router from '@koa/router';
import type { Eta } from 'eta';
import type Koa from 'koa';
import { NotFound } from '../../../application/errors.js';
import { OWNER_ONLY_SORTS } from '../../../application/marketplace/get-inventory.js';
import type { ForSaleListingsOfRelease } from '../../../application/marketplace/market-release-block.js';
import { callerUserId, type ListingView } from '../../../application/marketplace/listing-access.js';
import { CURRENCIES, type Currency } from '../../../domain/marketplace/currency.js';
import { INVENTORY_SORTS, type InventorySort } from '../../../domain/marketplace/inventory-sort.js';
import { INVENTORY_STATUS_FILTERS, type InventoryStatusFilter } from '../../../domain/marketplace/listing-status.js';
import { formatMoney } from '../../../domain/marketplace/money-format.js';
import type { ApiSchema } from '../api-shapes.js';
import { cataloguePageTemplates } from '../catalogue/catalogue-page-templates.js';
import { pagerLinks } from '../web-pages/page-links.js';
import type { SpindleState } from '../http-state.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { dateInWords } from '../web-pages/page-format.js';
import { pageCaller, pageImage, renderPage, type PageSessions, type WebPageSettings } from '../web-pages/web-page-kit.js';
import type { ListingUseCases } from './listing-routes.js';
import type { ListingPresenter } from './listing-presenter.js';
import { marketplacePageTemplates } from './marketplace-page-templates.js';
import { CurrencyQuery, InventoryQuery } from './marketplace-queries.js';

/** A listing's page (its `uri`): `/sell/item/1`. */
const LISTING_PATH = /^\/sell\/item\/[^/]+$/;
/** A release's copies for sale: `/sell/release/{id}`. */
const RELEASE_PATH = /^\/sell\/release\/[^/]+$/;
/** The most copies of a release one page shows (each is read as `GET /marketplace/listings/{id}` reads it). */
export const RELEASE_COPIES_SHOWN = 25;
/** A seller's inventory page: `/seller/{name}`. */
const INVENTORY_PATH = /^\/seller\/[^/]+$/;

/** What the marketplace's pages read: the listing use cases, the API's listing presenter, and who is signed in. */
export interface MarketplacePageDeps {
  readonly useCases: Pick<ListingUseCases, 'getListing' | 'getInventory'>;
  /** The ids of a release's For Sale listings. */
  readonly forSale: ForSaleListingsOfRelease;
  readonly presenter: ListingPresenter;
  /** Who is signed in (everyone is anonymous without the identity module). */
  readonly sessions: PageSessions | undefined;
  readonly urls: ApiUrls;
}

/** A seller's inventory page on the site. */
export function inventoryPage(webUrl: string, seller: string): string {
  return `${webUrl}/seller/${encodeURIComponent(seller)}`;
}

/** What the listing page says to its seller after their form saved it (`?done=`). */
const LISTING_NOTICES: Readonly<Partial<Record<string, string>>> = {
  listed: 'Your listing is saved.',
  edited: 'Your changes to the listing are saved.',
};

/**
 * The marketplace's read pages on `{web_url}`: a listing (`/sell/item/{id}`, the API's listing `uri`) and a seller's
 * inventory (`/seller/{name}`). Each calls the use case the API's route calls (`GetListing`, `GetInventory`: who may
 * see what, the price in the viewer's currency or the `curr_abbr` asked for) and reads the API's representation back
 * (`ListingPresenter`), so the page shows what the API says; a refusal is the site's message page with the API's
 * status and message.
 */
export class MarketplacePages implements RouteModule {
  private readonly eta: Eta;

  constructor(
    private readonly deps: MarketplacePageDeps,
    private readonly settings: WebPageSettings,
  ) {
    this.eta = marketplacePageTemplates(cataloguePageTemplates());
  }

  isWebPage(path: string): boolean {
    return LISTING_PATH.test(path) || INVENTORY_PATH.test(path) || RELEASE_PATH.test(path);
  }

  register(router: Router<SpindleState>): void {
    router.get('/sell/item/:id', (ctx) => this.listing(ctx));
    router.get('/seller/:name', (ctx) => this.inventory(ctx));
    router.get('/sell/release/:id', (ctx) => this.releaseCopies(ctx));
  }

  private render(ctx: Koa.Context, template: string, data: Record<string, unknown>): Promise<void> {
    return renderPage(ctx, { eta: this.eta, settings: this.settings, sessions: this.deps.sessions }, template, data);
  }

  /** The fields of a listing both pages show: its prices written as the site writes money, its release's page. */
  private shown(view: ListingView, l: ApiSchema<'Listing'>): Record<string, unknown> {
    const converted = view.price.currency !== view.listing.price.currency;
    return {
      id: l.id,
      href: l.uri,
      status: l.status,
      release: l.release.description || `Release ${l.release.id}`,
      releaseHref: this.deps.urls.web('release', l.release.id, l.release.title),
      condition: l.condition,
      sleeve: l.sleeve_condition,
      price: formatMoney(view.price),
      original: converted ? formatMoney(view.listing.price) : undefined,
      shipping: view.shippingPrice === null ? undefined : formatMoney(view.shippingPrice),
      comments: l.comments,
      posted: dateInWords(view.listing.posted),
    };
  }

  private async listing(ctx: Koa.Context): Promise<void> {
    const id = pathId(ctx.params.id, () => new NotFound());
    const q = validateQuery(CurrencyQuery, ctx.query);
    const caller = await pageCaller(this.deps.sessions, ctx);
    const view = await this.deps.useCases.getListing.execute({ id, caller, currency: q.curr_abbr as Currency | undefined, textFormat: 'html' });
    const l = this.deps.presenter.listing(view);
    const seller = l.seller;
    await this.render(ctx, '@listing', {
      title: l.release.description || `Listing ${l.id}`,
      canonical: l.uri,
      path: ctx.path,
      item: this.shown(view, l),
      thumbnail: pageImage(l.release.thumbnail, caller, this.settings.webUrl),
      seller: {
        name: seller.username,
        href: inventoryPage(this.settings.webUrl, seller.username),
        profile: seller.html_url,
        rating: seller.stats.total === 0 ? 'no ratings yet' : `${seller.stats.rating}% positive from ${seller.stats.total} ratings`,
        shipsFrom: l.ships_from,
        payment: seller.payment,
        shipping: seller.shipping,
        minimum: view.seller.minOrderTotal.isZero() ? undefined : formatMoney(view.seller.minOrderTotal),
      },
      owner: view.owner ? { weight: l.weight, formatQuantity: l.format_quantity, externalId: l.external_id, location: l.location } : undefined,
      currencies: CURRENCIES,
      currency: view.price.currency,
      apiUrl: l.resource_url,
      // What the seller's form just did (`?done=` of its 303): a fixed text, never one taken from the address.
      notice: view.owner ? LISTING_NOTICES[String(ctx.query.done)] : undefined,
    });
  }

  /**
   * A release's copies for sale (the release page's "for sale" links here), cheapest first in the viewer's currency:
   * each listing as `GetListing` shows it to the viewer, the first RELEASE_COPIES_SHOWN by id.
   */
  private async releaseCopies(ctx: Koa.Context): Promise<void> {
    const releaseId = pathId(/^(\d{1,10})(?:-.*)?$/.exec(ctx.params.id ?? '')?.[1], () => new NotFound('Release not found.'));
    const q = validateQuery(CurrencyQuery, ctx.query);
    const caller = await pageCaller(this.deps.sessions, ctx);
    const ids = await this.deps.forSale.forSaleIds(releaseId);
    const views = await Promise.all(
      ids.slice(0, RELEASE_COPIES_SHOWN).map((id) =>
        this.deps.useCases.getListing.execute({ id, caller, currency: q.curr_abbr as Currency | undefined, textFormat: 'html' }).catch((err: unknown) => {
          // A listing sold or withdrawn between the two reads is left out.
          if (err instanceof NotFound) return undefined;
          throw err;
        }),
      ),
    );
    const shown = views.filter((v) => v !== undefined).sort((a, b) => (a.price.currency === b.price.currency ? a.price.compareTo(b.price) : 0) || a.listing.id - b.listing.id);
    const items = shown.map((v) => ({ ...this.shown(v, this.deps.presenter.listing(v)), seller: v.seller.user.username, sellerHref: inventoryPage(this.settings.webUrl, v.seller.user.username) }));
    const first = shown[0]?.release;
    const title = first ? `${first.artist} – ${first.title}` : `Release ${releaseId}`;
    await this.render(ctx, '@release-copies', {
      title: `For sale: ${title}`,
      path: ctx.path,
      releaseHref: this.deps.urls.web('release', releaseId, shown[0]?.release.title ?? ''),
      items,
      more: ids.length > RELEASE_COPIES_SHOWN ? ids.length - RELEASE_COPIES_SHOWN : 0,
      currencies: CURRENCIES,
      currency: shown[0]?.price.currency ?? q.curr_abbr ?? '',
    });
  }

  private async inventory(ctx: Koa.Context): Promise<void> {
    const q = validateQuery(InventoryQuery, ctx.query);
    const caller = await pageCaller(this.deps.sessions, ctx);
    const view = await this.deps.useCases.getInventory.execute({
      name: ctx.params.name!,
      caller,
      status: q.status as InventoryStatusFilter | undefined,
      sort: q.sort as InventorySort | undefined,
      sortOrder: q.sortOrder(),
      page: q.toPageRequest(),
      textFormat: 'html',
      currency: q.curr_abbr as Currency | undefined,
    });
    const listings = this.deps.presenter.inventory(view);
    const owner = callerUserId(caller) === view.seller.id;
    await this.render(ctx, '@inventory', {
      title: `For sale by ${view.seller.username}`,
      canonical: inventoryPage(this.settings.webUrl, view.seller.username),
      path: ctx.path,
      seller: view.seller.username,
      profile: this.deps.urls.webPage(`/user/${encodeURIComponent(view.seller.username)}`),
      items: view.page.items.map((v, n) => this.shown(v, listings[n]!)),
      owner,
      statuses: owner ? INVENTORY_STATUS_FILTERS : undefined,
      status: q.status ?? 'All',
      sorts: INVENTORY_SORTS.filter((s) => owner || !OWNER_ONLY_SORTS.includes(s)),
      sort: q.sort ?? 'listed',
      sortOrder: q.sortOrder(),
      currencies: CURRENCIES,
      currency: view.page.items[0]?.price.currency ?? q.curr_abbr ?? '',
      pager: pagerLinks(ctx, `${this.settings.webUrl}${ctx.path}`, view.page),
      apiUrl: `${this.deps.urls.user(view.seller.username)}/inventory`,
    });
  }
}

import type { ContainerModuleLoadOptions } from 'inversify';
import { ListingPresenter } from '../../adapters/http/marketplace/listing-presenter.js';
import { ListingRoutes } from '../../adapters/http/marketplace/listing-routes.js';
import { ListingFormPages } from '../../adapters/http/marketplace/listing-form-pages.js';
import { MarketplacePages } from '../../adapters/http/marketplace/marketplace-pages.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';
import { CreateListing } from '../../application/marketplace/create-listing.js';
import { DeleteListing } from '../../application/marketplace/delete-listing.js';
import { EditListing } from '../../application/marketplace/edit-listing.js';
import { GetInventory } from '../../application/marketplace/get-inventory.js';
import { GetListing } from '../../application/marketplace/get-listing.js';
import { ListingViews } from '../../application/marketplace/listing-views.js';
import { ListRecentListings } from '../../application/marketplace/list-recent-listings.js';
import type { CartContents } from '../../application/ports/cart-contents.js';
import type { HoldingCounts } from '../../application/ports/community-figures.js';
import type { ImageLinks } from '../../application/ports/image-links.js';
import { mergedUserFigures, type UserFiguresPart } from '../../application/ports/user-figures.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { EVENTS } from '../events/events-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { IMAGES } from '../images/images-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { Runtime } from '../spindle-module.js';
import { TEXT } from '../text/text-tokens.js';
import { USERS } from '../users/users-tokens.js';
import { LISTINGS } from './listing-tokens.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';
import { SELLERS } from './seller-tokens.js';

/**
 * Binds the listings part of the marketplace module: the listing and inventory use cases and their routes. (The
 * profile's `num_for_sale` is the market figures part's `MarketFiguresPart`.)
 */
export function bindListings(bind: ContainerModuleLoadOptions['bind'], runtime: Runtime): void {
  const { config } = runtime;
  const carts = { serviceIdentifier: MARKETPLACE.CartContents, optional: true } as const;
  const figureParts = { serviceIdentifier: USERS.FiguresPart, isMultiple: true, optional: true } as const;
  const holdings = { serviceIdentifier: CATALOGUE.HoldingCounts, optional: true } as const;
  const imageLinks = { serviceIdentifier: IMAGES.Links, optional: true } as const;
  const webSessions = { serviceIdentifier: IDENTITY.WebSessions, optional: true } as const;

  bind(LISTINGS.ListingViews)
    .toResolvedValue(
      (catalogue, text, sellers, parts: UserFiguresPart[] | undefined, rates, cart: CartContents | undefined, counts: HoldingCounts | undefined, links: ImageLinks | undefined) =>
        new ListingViews(catalogue, text, sellers, mergedUserFigures(parts ?? []), rates, cart, counts, links),
      [
        CATALOGUE.Reader,
        TEXT.TextRenderer,
        MARKETPLACE.SellerRepository,
        figureParts,
        MARKETPLACE.CurrencyRateRepository,
        carts,
        holdings,
        imageLinks,
      ],
    )
    .inSingletonScope();
  bind(LISTINGS.CreateListing)
    .toResolvedValue((users, sellers, listings, blocked, catalogue, uow, clock, events) => new CreateListing(users, sellers, listings, blocked, catalogue, uow, clock, events), [
      IDENTITY.UserRepository,
      MARKETPLACE.SellerRepository,
      MARKETPLACE.ListingRepository,
      MARKETPLACE.BlockedReleases,
      CATALOGUE.Reader,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
      EVENTS.Recorder,
    ])
    .inSingletonScope();
  bind(LISTINGS.GetListing)
    .toResolvedValue((listings, users, views) => new GetListing(listings, users, views), [
      MARKETPLACE.ListingRepository,
      IDENTITY.UserRepository,
      LISTINGS.ListingViews,
    ])
    .inSingletonScope();
  bind(LISTINGS.EditListing)
    .toResolvedValue((users, listings, blocked, catalogue, uow, clock, events) => new EditListing(users, listings, blocked, catalogue, uow, clock, events), [
      IDENTITY.UserRepository,
      MARKETPLACE.ListingRepository,
      MARKETPLACE.BlockedReleases,
      CATALOGUE.Reader,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
      EVENTS.Recorder,
    ])
    .inSingletonScope();
  bind(LISTINGS.DeleteListing)
    .toResolvedValue((listings, uow, events, clock) => new DeleteListing(listings, uow, events, clock), [MARKETPLACE.ListingRepository, PERSISTENCE.UnitOfWork, EVENTS.Recorder, CORE.Clock])
    .inSingletonScope();
  bind(LISTINGS.GetInventory)
    .toResolvedValue((users, pages, views) => new GetInventory(users, pages, views), [
      IDENTITY.UserRepository,
      MARKETPLACE.InventoryPages,
      LISTINGS.ListingViews,
    ])
    .inSingletonScope();
  // The newest listings for sale of every seller (the home page's "Recently listed for sale").
  bind(LISTINGS.ListRecentListings)
    .toResolvedValue((pages, catalogue, users) => new ListRecentListings(pages, catalogue, users), [
      MARKETPLACE.InventoryPages,
      CATALOGUE.Reader,
      IDENTITY.UserRepository,
    ])
    .inSingletonScope();
  bind(HTTP.Routes)
    .toResolvedValue(
      (createListing, getListing, editListing, deleteListing, getInventory, urls) =>
        new ListingRoutes(
          { createListing, getListing, editListing, deleteListing, getInventory },
          new ListingPresenter(urls, config.dialect),
          config.baseUrl,
          { maxBodyBytes: config.maxBodyBytes },
        ),
      [LISTINGS.CreateListing, LISTINGS.GetListing, LISTINGS.EditListing, LISTINGS.DeleteListing, LISTINGS.GetInventory, HTTP.ApiUrls],
    )
    .inSingletonScope();
  // The listing and inventory pages of the site: the same use cases and presenter as the routes above.
  bind(HTTP.Routes)
    .toResolvedValue(
      (getListing, getInventory, forSale, urls, sessions: WebSessions | undefined) =>
        new MarketplacePages(
          { useCases: { getListing, getInventory }, forSale, presenter: new ListingPresenter(urls, config.dialect), sessions, urls },
          { webUrl: config.webUrl, site: config.siteName },
        ),
      [LISTINGS.GetListing, LISTINGS.GetInventory, MARKET_FIGURES.ForSaleListings, HTTP.ApiUrls, webSessions],
    )
    .inSingletonScope();
  // The seller's listing forms (signed in): the same use cases and body check as the routes above.
  bind(HTTP.Routes)
    .toResolvedValue(
      (getListing, deleteListing, createListing, editListing, sellerSettings, catalogue, sessions, secrets) =>
        new ListingFormPages({ getListing, deleteListing, createListing, editListing }, sellerSettings, catalogue, { sessions, secrets }, { webUrl: config.webUrl, site: config.siteName }),
      [
        LISTINGS.GetListing,
        LISTINGS.DeleteListing,
        LISTINGS.CreateListing,
        LISTINGS.EditListing,
        SELLERS.GetSellerSettings,
        CATALOGUE.Reader,
        IDENTITY.WebSessions,
        IDENTITY.SecretGenerator,
      ],
    )
    .inSingletonScope();
}

import type { ContainerModuleLoadOptions } from 'inversify';
import { ListingPresenter } from '../../adapters/http/marketplace/listing-presenter.js';
import { ListingRoutes } from '../../adapters/http/marketplace/listing-routes.js';
import { CreateListing } from '../../application/marketplace/create-listing.js';
import { DeleteListing } from '../../application/marketplace/delete-listing.js';
import { EditListing } from '../../application/marketplace/edit-listing.js';
import { GetInventory } from '../../application/marketplace/get-inventory.js';
import { GetListing } from '../../application/marketplace/get-listing.js';
import { ListingViews } from '../../application/marketplace/listing-views.js';
import type { CartContents } from '../../application/ports/cart-contents.js';
import { mergedUserFigures, type UserFiguresPart } from '../../application/ports/user-figures.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { Runtime } from '../spindle-module.js';
import { TEXT } from '../text/text-tokens.js';
import { USERS } from '../users/users-tokens.js';
import { LISTINGS } from './listing-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';

/**
 * Binds the listings part of the marketplace module: the listing and inventory use cases and their routes. (The
 * profile's `num_for_sale` is the market figures part's `MarketFiguresPart`.)
 */
export function bindListings(bind: ContainerModuleLoadOptions['bind'], runtime: Runtime): void {
  const { config } = runtime;
  const carts = { serviceIdentifier: MARKETPLACE.CartContents, optional: true } as const;
  const figureParts = { serviceIdentifier: USERS.FiguresPart, isMultiple: true, optional: true } as const;

  bind(LISTINGS.ListingViews)
    .toResolvedValue((catalogue, text, cart: CartContents | undefined) => new ListingViews(catalogue, text, cart), [CATALOGUE.Reader, TEXT.TextRenderer, carts])
    .inSingletonScope();
  bind(LISTINGS.CreateListing)
    .toResolvedValue((users, sellers, listings, blocked, catalogue, uow, clock) => new CreateListing(users, sellers, listings, blocked, catalogue, uow, clock), [
      IDENTITY.UserRepository,
      MARKETPLACE.SellerRepository,
      MARKETPLACE.ListingRepository,
      MARKETPLACE.BlockedReleases,
      CATALOGUE.Reader,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
    ])
    .inSingletonScope();
  bind(LISTINGS.GetListing)
    .toResolvedValue(
      (listings, users, sellers, rates, parts: UserFiguresPart[] | undefined, text, views) =>
        new GetListing(listings, users, sellers, rates, mergedUserFigures(parts ?? []), text, views),
      [
        MARKETPLACE.ListingRepository,
        IDENTITY.UserRepository,
        MARKETPLACE.SellerRepository,
        MARKETPLACE.CurrencyRateRepository,
        figureParts,
        TEXT.TextRenderer,
        LISTINGS.ListingViews,
      ],
    )
    .inSingletonScope();
  bind(LISTINGS.EditListing)
    .toResolvedValue((users, listings, blocked, catalogue, uow, clock) => new EditListing(users, listings, blocked, catalogue, uow, clock), [
      IDENTITY.UserRepository,
      MARKETPLACE.ListingRepository,
      MARKETPLACE.BlockedReleases,
      CATALOGUE.Reader,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
    ])
    .inSingletonScope();
  bind(LISTINGS.DeleteListing)
    .toResolvedValue((listings, uow) => new DeleteListing(listings, uow), [MARKETPLACE.ListingRepository, PERSISTENCE.UnitOfWork])
    .inSingletonScope();
  bind(LISTINGS.GetInventory)
    .toResolvedValue((users, listings, views) => new GetInventory(users, listings, views), [
      IDENTITY.UserRepository,
      MARKETPLACE.ListingRepository,
      LISTINGS.ListingViews,
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
}

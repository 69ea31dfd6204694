import { ContainerModule } from 'inversify';
import { InMemoryCurrencyRateRepository } from '../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryForSaleListingsOfRelease } from '../../adapters/in-memory/in-memory-for-sale-listings.js';
import { InMemoryMarketFigures } from '../../adapters/in-memory/in-memory-market-figures.js';
import { InMemoryMarketplaceStore } from '../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryReleasePrices } from '../../adapters/in-memory/in-memory-release-prices.js';
import { InMemorySellerRepository } from '../../adapters/in-memory/in-memory-seller-repository.js';
import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { COLLECTION } from '../collection/collection-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/** The name of the in-memory storage's store of listings and blocked releases. */
export const LISTINGS_STORE = 'marketplace/listings';

/**
 * The marketplace in the in-memory storage: listings and blocked releases in one store (which sorts a seller's
 * inventory pages on their releases' fields, read through the catalogue's reader), sellers' settings and the rate
 * table in stores of their own, all enlisted in the storage's unit of work; the catalogue's market figures, a
 * release's listings for sale and what releases sell for (the collection's value) computed from the listings For Sale
 * when read, converting with the cached rate table.
 */
export const marketplaceMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    // One store per storage, made by the first container that asks, with that container's catalogue reader (which
    // reads the storage's catalogue, as every container's does).
    const listings = (catalogue: CatalogueReader): InMemoryMarketplaceStore =>
      memory.store(LISTINGS_STORE, (uow) => new InMemoryMarketplaceStore(uow, catalogue));
    bind(MARKETPLACE.ListingRepository).toResolvedValue((c) => listings(c).listings, [CATALOGUE.Reader]).inSingletonScope();
    bind(MARKETPLACE.InventoryPages).toResolvedValue((c) => listings(c).inventoryPages, [CATALOGUE.Reader]).inSingletonScope();
    bind(MARKETPLACE.BlockedReleases).toResolvedValue((c) => listings(c).blocked, [CATALOGUE.Reader]).inSingletonScope();
    bind(MARKETPLACE.SellerRepository).toConstantValue(memory.store('marketplace/sellers', (uow) => new InMemorySellerRepository(uow)));
    bind(MARKET_FIGURES.RateStore).toConstantValue(memory.store('marketplace/rates', (uow) => new InMemoryCurrencyRateRepository(uow)));
    bind(MARKET_FIGURES.ForSaleListings)
      .toResolvedValue((c) => new InMemoryForSaleListingsOfRelease(listings(c)), [CATALOGUE.Reader])
      .inSingletonScope();
    bind(MARKETPLACE.MarketFigures)
      .toResolvedValue((c, rates) => new InMemoryMarketFigures(listings(c), c, rates), [CATALOGUE.Reader, MARKET_FIGURES.Rates])
      .inSingletonScope();
    // What releases sell for, for the collection's value (its slot, which stays empty in a service without listings).
    bind(COLLECTION.ReleasePrices)
      .toResolvedValue((c, rates) => new InMemoryReleasePrices(listings(c), rates), [CATALOGUE.Reader, MARKET_FIGURES.Rates])
      .inSingletonScope();
    bind(IDENTITY.PersonalDataEraser)
      .toResolvedValue(
        (c) => new InMemoryPersonalDataEraser('listings (but those sold) and seller settings', [listings(c), memory.store('marketplace/sellers', (uow) => new InMemorySellerRepository(uow))]),
        [CATALOGUE.Reader],
      )
      .inSingletonScope();
  });

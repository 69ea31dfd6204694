import { ContainerModule } from 'inversify';
import { MikroOrmBlockedReleases } from '../../adapters/persistence/marketplace/mikro-orm-blocked-releases.js';
import { MikroOrmCurrencyRateRepository } from '../../adapters/persistence/marketplace/mikro-orm-currency-rate-repository.js';
import { MikroOrmListingRepository } from '../../adapters/persistence/marketplace/mikro-orm-listing-repository.js';
import { MikroOrmSellerRepository } from '../../adapters/persistence/marketplace/mikro-orm-seller-repository.js';
import { SqlInventoryPageReader } from '../../adapters/persistence/marketplace/sql-inventory-page-reader.js';
import { SqlForSaleListingsOfRelease, SqlMarketFigures } from '../../adapters/persistence/marketplace/sql-market-figures.js';
import { SqlReleasePrices } from '../../adapters/persistence/marketplace/sql-release-prices.js';
import { COLLECTION } from '../collection/collection-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/**
 * The marketplace on the database: listings, sellers, release blocks and the rate table through MikroORM; the
 * inventory's pages, the catalogue's market figures, a release's listings for sale and what releases sell for (the
 * collection's value) as read models in SQL, converting with the cached rate table.
 */
export const marketplaceSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(MARKETPLACE.ListingRepository).toConstantValue(new MikroOrmListingRepository(db.orm));
    bind(MARKETPLACE.InventoryPages).toConstantValue(new SqlInventoryPageReader(db.orm));
    bind(MARKETPLACE.SellerRepository).toConstantValue(new MikroOrmSellerRepository(db.orm));
    bind(MARKETPLACE.BlockedReleases).toConstantValue(new MikroOrmBlockedReleases(db.orm));
    bind(MARKET_FIGURES.RateStore).toConstantValue(new MikroOrmCurrencyRateRepository(db.orm));
    bind(MARKET_FIGURES.ForSaleListings).toConstantValue(new SqlForSaleListingsOfRelease(db.orm));
    bind(MARKETPLACE.MarketFigures)
      .toResolvedValue((rates) => new SqlMarketFigures(db.orm, rates), [MARKET_FIGURES.Rates])
      .inSingletonScope();
    // What releases sell for, for the collection's value (its slot, which stays empty in a service without listings).
    bind(COLLECTION.ReleasePrices)
      .toResolvedValue((rates) => new SqlReleasePrices(db.orm, rates), [MARKET_FIGURES.Rates])
      .inSingletonScope();
    // Sold listings stay: an order keeps what it sold (its items hold no key to them, but the seller's pages do).
    bind(IDENTITY.PersonalDataEraser).toConstantValue(
      new SqlPersonalDataEraser(db.orm, 'listings (but those sold) and seller settings', [
        { table: 'listing', column: 'seller_id', where: "status <> 'Sold'" },
        { table: 'seller_settings', column: 'user_id' },
      ]),
    );
  });

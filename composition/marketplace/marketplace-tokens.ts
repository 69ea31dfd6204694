import type { GetCurrencyRates } from '../../application/marketplace/get-currency-rates.js';
import type { SetCurrencyRates } from '../../application/marketplace/set-currency-rates.js';
import type { CartContents } from '../../application/ports/cart-contents.js';
import type { InventoryPageReader } from '../../application/ports/inventory-page-reader.js';
import type { MarketFigures } from '../../application/ports/market-figures.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { FeeRule } from '../../domain/marketplace/fee-rule.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { token } from '../token.js';

/** The marketplace module's shared tokens; each part of the module (listings, figures, sellers) adds its own file. */
export const MARKETPLACE = {
  MarketFigures: token<MarketFigures>('marketplace/MarketFigures'),
  CurrencyRateRepository: token<CurrencyRateRepository>('marketplace/CurrencyRateRepository'),
  SetCurrencyRates: token<SetCurrencyRates>('marketplace/SetCurrencyRates'),
  GetCurrencyRates: token<GetCurrencyRates>('marketplace/GetCurrencyRates'),
  ListingRepository: token<ListingRepository>('marketplace/ListingRepository'),
  InventoryPages: token<InventoryPageReader>('marketplace/InventoryPages'),
  SellerRepository: token<SellerRepository>('marketplace/SellerRepository'),
  BlockedReleases: token<BlockedReleases>('marketplace/BlockedReleases'),
  /** The fee rule (from the configuration; GAPS' default). */
  FeeRule: token<FeeRule>('marketplace/FeeRule'),
  /** A slot: which listings are in a buyer's cart, bound by the module that keeps carts (optional). */
  CartContents: token<CartContents>('marketplace/CartContents'),
} as const;

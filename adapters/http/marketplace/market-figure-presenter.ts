import type { MarketStats } from '../../../application/marketplace/get-market-stats.js';
import type { PriceSuggestionsView } from '../../../application/marketplace/get-price-suggestions.js';
import { MEDIA_CONDITIONS } from '../../../domain/marketplace/conditions.js';
import type { Money } from '../../../domain/marketplace/money.js';

/** An amount as the marketplace endpoints write it. */
export interface PriceBody {
  readonly currency: string;
  readonly value: number;
}

/** The fee body: value first, then currency, as the public API orders them. */
export interface FeeBody {
  readonly value: number;
  readonly currency: string;
}

export interface MarketStatsBody {
  readonly lowest_price: PriceBody | null;
  readonly num_for_sale: number | null;
  readonly blocked_from_sale: boolean;
}

const price = (m: Money): PriceBody => ({ currency: m.currency, value: m.toNumber() });

/** Fees, price suggestions and stats as the API writes them. */
export class MarketFigurePresenter {
  fee(fee: Money): FeeBody {
    return { value: fee.toNumber(), currency: fee.currency };
  }

  priceSuggestions(view: PriceSuggestionsView): Record<string, PriceBody> {
    const body: Record<string, PriceBody> = {};
    for (const condition of MEDIA_CONDITIONS) {
      const suggestion = view.suggestions[condition];
      if (suggestion) body[condition] = price(suggestion);
    }
    return body;
  }

  stats(stats: MarketStats): MarketStatsBody {
    return {
      lowest_price: stats.lowestPrice ? price(stats.lowestPrice) : null,
      num_for_sale: stats.numForSale,
      blocked_from_sale: stats.blockedFromSale,
    };
  }
}

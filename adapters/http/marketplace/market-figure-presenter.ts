import type { MarketStats } from '../../../application/marketplace/get-market-stats.js';
import type { PriceSuggestionsView } from '../../../application/marketplace/get-price-suggestions.js';
import { MEDIA_CONDITIONS } from '../../../domain/marketplace/conditions.js';
import type { Money } from '../../../domain/marketplace/money.js';
import type { ApiSchema } from '../api-shapes.js';

const price = (m: Money): ApiSchema<'Price'> => ({ currency: m.currency, value: m.toNumber() });

/** Fees, price suggestions and stats as the API writes them (the fee: value first, then currency, as the public API orders them). */
export class MarketFigurePresenter {
  fee(fee: Money): ApiSchema<'Fee'> {
    return { value: fee.toNumber(), currency: fee.currency };
  }

  priceSuggestions(view: PriceSuggestionsView): ApiSchema<'PriceSuggestions'> {
    const body: ApiSchema<'PriceSuggestions'> = {};
    for (const condition of MEDIA_CONDITIONS) {
      const suggestion = view.suggestions[condition];
      if (suggestion) body[condition] = price(suggestion);
    }
    return body;
  }

  stats(stats: MarketStats): ApiSchema<'MarketStats'> {
    return {
      lowest_price: stats.lowestPrice ? price(stats.lowestPrice) : null,
      num_for_sale: stats.numForSale,
      blocked_from_sale: stats.blockedFromSale,
    };
  }
}

import type { GetCurrencyRates } from '../../application/marketplace/get-currency-rates.js';
import type { SetCurrencyRates } from '../../application/marketplace/set-currency-rates.js';
import type { MarketFigures } from '../../application/ports/market-figures.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import { token } from '../token.js';

export const MARKETPLACE = {
  MarketFigures: token<MarketFigures>('marketplace/MarketFigures'),
  CurrencyRateRepository: token<CurrencyRateRepository>('marketplace/CurrencyRateRepository'),
  SetCurrencyRates: token<SetCurrencyRates>('marketplace/SetCurrencyRates'),
  GetCurrencyRates: token<GetCurrencyRates>('marketplace/GetCurrencyRates'),
} as const;

import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/** The marketplace's part of a user's profile figures: how many of their listings are For Sale (`num_for_sale`). */
export class MarketFiguresPart implements UserFiguresPart {
  readonly answers = ['numForSale'] as const;

  constructor(private readonly listings: ListingRepository) {}

  async forUser(userId: number): Promise<Pick<UserFigures, 'numForSale'>> {
    return { numForSale: await this.listings.countForSale(userId) };
  }
}

import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/** The listings' part of a user's profile figures: `num_for_sale`, how many of their listings are For Sale. */
export class ListingFigures implements UserFiguresPart {
  constructor(private readonly listings: ListingRepository) {}

  async forUser(userId: number): Promise<Partial<UserFigures>> {
    return { numForSale: await this.listings.countForSale(userId) };
  }
}

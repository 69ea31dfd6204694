import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/** The lists' part of a user's figures: how many lists, and how many public ones, counted from the lists each time. */
export class ListFigures implements UserFiguresPart {
  readonly answers = ['numLists', 'numPublicLists'] as const;

  constructor(private readonly lists: UserListRepository) {}

  async forUser(userId: number): Promise<Pick<UserFigures, 'numLists' | 'numPublicLists'>> {
    const counts = await this.lists.counts(userId);
    return { numLists: counts.all, numPublicLists: counts.public };
  }
}

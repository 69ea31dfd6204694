import type { ContributionReader } from '../ports/contribution-reader.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/**
 * The contributions module's part of a user's profile figures: `releases_contributed`, counted from the edit history
 * whenever a profile is shown (the same count as the contributions list's `items`), never stored.
 */
export class ContributionFigures implements UserFiguresPart {
  readonly answers = ['releasesContributed'] as const;

  constructor(private readonly reader: ContributionReader) {}

  async forUser(userId: number): Promise<Pick<UserFigures, 'releasesContributed'>> {
    return { releasesContributed: await this.reader.releasesContributed(userId) };
  }
}

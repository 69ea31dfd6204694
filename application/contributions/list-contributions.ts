import type { TextFormat } from '../../domain/text/text-format.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { GetRelease, ReleaseView } from '../catalogue/get-release.js';
import { NotFound } from '../errors.js';
import type { ContributionReader } from '../ports/contribution-reader.js';
import { ANONYMOUS, type Caller } from '../shared/caller.js';
import type { Page } from '../shared/page.js';
import { readEach } from './read-each.js';
import type { ContributionsQuery } from './read-models.js';

export interface ListContributionsInput {
  /** The user's login name (any case). */
  readonly name: string;
  readonly query: ContributionsQuery;
  readonly textFormat: TextFormat;
  readonly caller?: Caller;
}

/**
 * `GET /s/{name}/contributions`: the distinct releases a user submitted or edited, sorted and paginated, each as
 * `GET /releases/{id}` shows it. Public. Throws NotFound("User not found.") for an unknown user.
 */
export class ListContributions {
  constructor(
    private readonly users: UserRepository,
    private readonly reader: ContributionReader,
    private readonly getRelease: GetRelease,
  ) {}

  async execute(input: ListContributionsInput): Promise<Page<ReleaseView>> {
    const user = await this.users.byLoginName(input.name);
    if (!user) throw new NotFound('User not found.');
    const page = await this.reader.contributedReleases(user.id, input.query);
    const caller = input.caller ?? ANONYMOUS;
    const items = await readEach(page.items, (releaseId) =>
      this.getRelease.execute({ releaseId, textFormat: input.textFormat, caller }),
    );
    return { ...page, items };
  }
}

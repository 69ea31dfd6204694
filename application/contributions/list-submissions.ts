import type { TextFormat } from '../../domain/text/text-format.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { ArtistView, GetArtist } from '../catalogue/get-artist.js';
import type { GetLabel, LabelView } from '../catalogue/get-label.js';
import type { GetRelease, ReleaseView } from '../catalogue/get-release.js';
import { NotFound } from '../errors.js';
import { readEach } from './read-each.js';
import type { ContributionReader } from '../ports/contribution-reader.js';
import { ANONYMOUS, type Caller } from '../shared/caller.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { SubmissionEntry } from './read-models.js';

export interface ListSubmissionsInput {
  /** The user's login name (any case). */
  readonly name: string;
  readonly page: PageRequest;
  readonly textFormat: TextFormat;
  readonly caller?: Caller;
}

/**
 * One page of a user's submissions: the page of the combined list (artists, then labels, then releases; `total`
 * counts all three), and its records as `GET /artists/{id}`, `/labels/{id}` and `/releases/{id}` show them.
 */
export interface SubmissionsPage {
  readonly page: Page<SubmissionEntry>;
  readonly artists: readonly ArtistView[];
  readonly labels: readonly LabelView[];
  readonly releases: readonly ReleaseView[];
}

/**
 * `GET /s/{name}/submissions`: the artists, labels and releases a user submitted (created), paginated as one list
 * across the three kinds, each record as the catalogue presents it. Public. Throws NotFound("User not found.") for an
 * unknown user.
 */
export class ListSubmissions {
  constructor(
    private readonly users: UserRepository,
    private readonly reader: ContributionReader,
    private readonly getArtist: GetArtist,
    private readonly getLabel: GetLabel,
    private readonly getRelease: GetRelease,
  ) {}

  async execute(input: ListSubmissionsInput): Promise<SubmissionsPage> {
    const user = await this.users.byLoginName(input.name);
    if (!user) throw new NotFound('User not found.');
    const page = await this.reader.submissions(user.id, input.page);
    const caller = input.caller ?? ANONYMOUS;
    const { textFormat } = input;
    const ids = (kind: SubmissionEntry['kind']) => page.items.filter((e) => e.kind === kind).map((e) => e.id);
    const [artists, labels, releases] = await Promise.all([
      readEach(ids('artist'), (artistId) => this.getArtist.execute({ artistId, textFormat, caller })),
      readEach(ids('label'), (labelId) => this.getLabel.execute({ labelId, textFormat, caller })),
      readEach(ids('release'), (releaseId) => this.getRelease.execute({ releaseId, textFormat, caller })),
    ]);
    return { page, artists, labels, releases };
  }
}

import { NO_PEOPLE, type ReleasePeople, type ReleasePeopleReader } from '../../application/ports/release-people.js';
import type { Contribution } from '../../domain/contributions/contribution.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';

/** Code-unit order, as PostgreSQL's "C" collation sorts text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A user's part in a release's history: their first entry's time and whether they submitted it. */
interface Person {
  readonly username: string;
  firstAt: number;
  submitted: boolean;
}

/**
 * The submitter and contributors of releases, counted from the in-memory edit history when asked, by the rule the
 * database's trigger keeps in each release row's `community_people` (`contribution_release_people`): everyone who
 * submitted or edited the release, each once, in the order of their first entry (the submitter first among entries at
 * the same time, then by login name); the submitter is the one who submitted it. A user no longer there counts for
 * nothing (the database removes their history with them).
 */
export class InMemoryReleasePeople implements ReleasePeopleReader {
  constructor(
    private readonly history: { releaseEntries(releaseIds: readonly number[]): readonly Contribution[] },
    private readonly users: Pick<UserRepository, 'byId'>,
  ) {}

  async forReleases(releaseIds: readonly number[]): Promise<ReadonlyMap<number, ReleasePeople>> {
    const byRelease = new Map<number, Map<number, Person>>();
    const names = new Map<number, string | null>();
    for (const entry of this.history.releaseEntries(releaseIds)) {
      if (!names.has(entry.userId)) names.set(entry.userId, (await this.users.byId(entry.userId))?.username ?? null);
      const username = names.get(entry.userId);
      if (username === null || username === undefined) continue;
      let people = byRelease.get(entry.catalogueId);
      if (!people) byRelease.set(entry.catalogueId, (people = new Map()));
      const at = entry.at.getTime();
      const person = people.get(entry.userId);
      if (!person) people.set(entry.userId, { username, firstAt: at, submitted: entry.isSubmission });
      else {
        person.firstAt = Math.min(person.firstAt, at);
        person.submitted ||= entry.isSubmission;
      }
    }
    return new Map(releaseIds.map((id) => [id, peopleOf(byRelease.get(id))]));
  }
}

/** A release's people from its history's persons (none: nobody). */
function peopleOf(people: ReadonlyMap<number, Person> | undefined): ReleasePeople {
  if (!people || people.size === 0) return NO_PEOPLE;
  const list = [...people.values()].sort(
    (a, b) => a.firstAt - b.firstAt || Number(b.submitted) - Number(a.submitted) || compareText(a.username, b.username),
  );
  const submitters = list.filter((p) => p.submitted).map((p) => p.username);
  const submitter = submitters.length === 0 ? null : submitters.reduce((a, b) => (compareText(a, b) >= 0 ? a : b));
  return { submitter, contributors: list.map((p) => p.username) };
}

/**
 * Who a release's community names (`community.submitter`, `community.contributors`): the login names of the user who
 * submitted it (null when nobody did: imported releases have no history here until someone submits or edits them)
 * and of everyone who submitted or edited it, each once, in the order of their first entry in the edit history.
 */
export interface ReleasePeople {
  readonly submitter: string | null;
  readonly contributors: readonly string[];
}

/** Nobody: a release without history. */
export const NO_PEOPLE: ReleasePeople = { submitter: null, contributors: [] };

/**
 * Reads the people of releases from the edit history (the contributions module's part of a release's community): an
 * entry for every id asked, {@link NO_PEOPLE} where there is no history.
 */
export interface ReleasePeopleReader {
  forReleases(releaseIds: readonly number[]): Promise<ReadonlyMap<number, ReleasePeople>>;
}

/** No edit history at all (no module keeps one). */
export const NO_PEOPLE_READER: ReleasePeopleReader = {
  forReleases: (ids) => Promise.resolve(new Map(ids.map((id) => [id, NO_PEOPLE]))),
};

/**
 * The people of a release as a release row keeps them (`community_people`, kept by the contributions module's
 * trigger): `{"s": submitter or null, "c": [contributors]}` as JSON text, or null when the release has no history.
 */
export function peopleOfColumn(text: string | null | undefined): ReleasePeople {
  if (text === null || text === undefined) return NO_PEOPLE;
  const v = JSON.parse(text) as { s?: unknown; c?: unknown };
  return {
    submitter: typeof v.s === 'string' ? v.s : null,
    contributors: Array.isArray(v.c) ? v.c.filter((n): n is string => typeof n === 'string') : [],
  };
}

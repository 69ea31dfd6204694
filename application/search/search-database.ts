import { FIELD_PREFIXES, SEARCH_KINDS, type SearchField, type SearchKind } from '../../domain/catalogue/search-facts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Invalid, Unauthenticated } from '../errors.js';
import type { Image } from '../../domain/catalogue/media.js';
import type { CatalogueSearch, Holds, RecordRef, RecordsByPerson, SearchCriteria, SearchHit, UserHoldings } from '../ports/catalogue-search.js';
import { linkedCover, NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import { isAuthenticated, type Caller } from '../shared/caller.js';
import type { Page, PageRequest } from '../shared/page.js';

/** The search parameters as the API names them, each a string as it came (blank values are left out). */
export interface SearchParameters {
  readonly q?: string;
  readonly type?: string;
  readonly title?: string;
  readonly release_title?: string;
  readonly credit?: string;
  readonly artist?: string;
  readonly anv?: string;
  readonly label?: string;
  readonly genre?: string;
  readonly style?: string;
  readonly country?: string;
  readonly year?: string;
  readonly format?: string;
  readonly catno?: string;
  readonly barcode?: string;
  readonly track?: string;
  readonly submitter?: string;
  readonly contributor?: string;
}

export interface SearchDatabaseInput {
  readonly caller: Caller;
  readonly parameters: SearchParameters;
  readonly page: PageRequest;
}

/** A record found, as the caller sees it. */
export interface SearchResultView {
  readonly hit: SearchHit;
  /** The record's cover (its primary, else first, image) linked for the caller; null when the record has no image. */
  readonly cover: Image | null;
  /** Whether the calling user holds the record; null when the caller is no user (an application's key alone). */
  readonly user: Holds | null;
}

/** The optional parts a search takes from other modules. */
export interface SearchDatabaseParts {
  /** A submitter's and contributor's records (the contributions module); without it, nobody's. */
  readonly people?: RecordsByPerson;
  /** Which records a user holds (the collection module); without it, none. */
  readonly holdings?: UserHoldings;
  /** Image links (the images module); without it, empty URLs. */
  readonly imageLinks?: ImageLinks;
}

const HOLDS_NOTHING: Holds = Object.freeze({ inCollection: false, inWantlist: false });

/** The longest value a parameter may have: longer text is no search anyone types, and costs the database. */
export const MAX_PARAMETER_LENGTH = 500;

const FIELDS = Object.keys(FIELD_PREFIXES) as SearchField[];
const YEAR = /^\d{1,4}$/;
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * `GET /database/search`: any caller with credentials (an application's key and secret are enough, as in the public
 * API); parameters checked (422 naming the parameter), a submitter's or contributor's records looked up (none when
 * the user is unknown, or when no module records contributions), then the catalogue searched; each record found with
 * its cover linked for the caller and, for a calling user, whether they hold it (the page's records in one lookup).
 */
export class SearchDatabase {
  private readonly people: RecordsByPerson | undefined;
  private readonly holdings: UserHoldings | undefined;
  private readonly imageLinks: ImageLinks;

  constructor(
    private readonly search: CatalogueSearch,
    private readonly users: UserRepository,
    parts: SearchDatabaseParts = {},
  ) {
    this.people = parts.people;
    this.holdings = parts.holdings;
    this.imageLinks = parts.imageLinks ?? NO_IMAGE_LINKS;
  }

  async execute(input: SearchDatabaseInput): Promise<Page<SearchResultView>> {
    const found = await this.find(input);
    const caller = input.caller;
    const [covers, holds] = await Promise.all([
      Promise.all(found.items.map((hit) => linkedCover(this.imageLinks, hit.kind, hit.id, hit.images, caller))),
      this.holdsOf(caller, found.items),
    ]);
    return { ...found, items: found.items.map((hit, n) => ({ hit, cover: covers[n]!, user: holds === null ? null : holds[n]! })) };
  }

  /** Whether the calling user holds each record (null when the caller is no user): one lookup for the page. */
  private async holdsOf(caller: Caller, hits: readonly SearchHit[]): Promise<readonly Holds[] | null> {
    if (caller.kind !== 'user') return null;
    if (!this.holdings || hits.length === 0) return hits.map(() => HOLDS_NOTHING);
    return this.holdings.of(Number(caller.userId), hits.map((h) => ({ kind: h.kind, id: h.id })));
  }

  private async find(input: SearchDatabaseInput): Promise<Page<SearchHit>> {
    if (!isAuthenticated(input.caller)) throw new Unauthenticated();
    const p = input.parameters;
    for (const [name, value] of Object.entries(p)) {
      if (typeof value === 'string' && value.length > MAX_PARAMETER_LENGTH) {
        throw new Invalid(`Invalid ${name}: expected at most ${MAX_PARAMETER_LENGTH} characters.`);
      }
    }
    // Control characters (NUL above all, which no text column takes) are spaces here.
    const given = (value: string | undefined): string | undefined => {
      const text = value?.replace(CONTROL, ' ').trim();
      return text === undefined || text === '' ? undefined : text;
    };
    let kind: SearchKind | undefined;
    const type = given(p.type);
    if (type !== undefined) {
      if (!(SEARCH_KINDS as readonly string[]).includes(type)) {
        throw new Invalid(`Invalid type: expected one of release, master, artist or label, got "${type}".`);
      }
      kind = type as SearchKind;
    }
    const year = given(p.year);
    if (year !== undefined && !YEAR.test(year)) {
      throw new Invalid(`Invalid year: expected a year such as 1994, got "${year}".`);
    }
    const fields: Partial<Record<SearchField, string>> = {};
    for (const field of FIELDS) {
      const value = field === 'year' ? (year === undefined ? undefined : String(Number(year))) : given(p[field]);
      if (value !== undefined) fields[field] = value;
    }
    let records: RecordRef[] | undefined;
    for (const role of ['submitter', 'contributor'] as const) {
      const name = given(p[role]);
      if (name === undefined) continue;
      const theirs = await this.recordsOf(name, role);
      records = records === undefined ? theirs : records.filter((r) => theirs.some((t) => t.kind === r.kind && t.id === r.id));
    }
    const criteria: SearchCriteria = {
      text: given(p.q),
      kind,
      title: given(p.title),
      releaseTitle: given(p.release_title),
      fields,
      records,
    };
    return this.search.search(criteria, input.page);
  }

  private async recordsOf(name: string, role: 'submitter' | 'contributor'): Promise<RecordRef[]> {
    const user = await this.users.byLoginName(name);
    if (!user || !this.people) return [];
    return [...(await this.people.recordsOf(user.id, role))];
  }
}

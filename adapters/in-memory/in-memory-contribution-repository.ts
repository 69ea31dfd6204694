import {
  DEFAULT_CONTRIBUTION_SORT,
  type ContributionSort,
  type ContributionsQuery,
  type SubmissionEntry,
} from '../../application/contributions/read-models.js';
import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import type { RecordRef, RecordsByPerson } from '../../application/ports/catalogue-search.js';
import type { ContributionReader } from '../../application/ports/contribution-reader.js';
import { pageOffset, type Page, type PageRequest } from '../../application/shared/page.js';
import { releaseListing } from '../../domain/catalogue/release-summary.js';
import type { Contribution, ContributionKind } from '../../domain/contributions/contribution.js';
import { alreadySubmitted, type ContributionRepository } from '../../domain/contributions/contribution-repository.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** Code-unit order, as PostgreSQL's "C" collation sorts text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const KIND_ORDER: Record<SubmissionEntry['kind'], number> = { artist: 0, label: 1, release: 2 };

function page<T>(items: readonly T[], request: PageRequest): Page<T> {
  const start = pageOffset(request);
  return { items: items.slice(start, start + request.perPage), total: items.length, page: request.page, perPage: request.perPage };
}

/** A contributed release with what it sorts on. */
interface Sortable {
  readonly id: number;
  readonly added: number;
  readonly title: string;
  readonly label: string;
  readonly artist: string;
  readonly catno: string;
  readonly format: string;
  readonly year: number;
}

const COMPARE: Record<ContributionSort, (a: Sortable, b: Sortable) => number> = {
  label: (a, b) => compareText(a.label, b.label),
  artist: (a, b) => compareText(a.artist, b.artist),
  title: (a, b) => compareText(a.title, b.title),
  catno: (a, b) => compareText(a.catno, b.catno),
  format: (a, b) => compareText(a.format, b.format),
  rating: () => 0,
  year: (a, b) => a.year - b.year,
  added: (a, b) => a.added - b.added,
};

/**
 * The edit history in memory, enlisted in an `InMemoryUnitOfWork`, read against a catalogue reader with the same
 * joins, orders and counts as the SQL adapter (the contract tests run both); it also answers database search's
 * submitter and contributor filters (`RecordsByPerson`), and gives a release's entries to `InMemoryReleasePeople`.
 */
export class InMemoryContributionRepository implements ContributionRepository, ContributionReader, RecordsByPerson, InMemoryTransactional {
  private entries: Contribution[] = [];

  constructor(
    uow: InMemoryUnitOfWork,
    private readonly catalogue: CatalogueReader,
  ) {
    uow.enlist(this);
  }

  async add(entry: Contribution): Promise<void> {
    if (entry.isSubmission && (await this.submitterOf(entry.kind, entry.catalogueId)) !== null) {
      throw alreadySubmitted(entry.kind, entry.catalogueId);
    }
    if (this.entries.some((e) => e.id === entry.id)) throw new Error(`An entry ${entry.id} exists already`);
    this.entries.push(entry);
  }

  async ofUser(userId: number): Promise<Contribution[]> {
    return this.entries
      .filter((e) => e.userId === userId)
      .sort((a, b) => a.at.getTime() - b.at.getTime() || compareText(a.id, b.id));
  }

  async submitterOf(kind: ContributionKind, catalogueId: number): Promise<number | null> {
    return this.entries.find((e) => e.isSubmission && e.kind === kind && e.catalogueId === catalogueId)?.userId ?? null;
  }

  async submissions(userId: number, request: PageRequest): Promise<Page<SubmissionEntry>> {
    const listed: Array<SubmissionEntry & { at: number }> = [];
    for (const e of this.entries) {
      if (e.userId !== userId || !e.isSubmission || e.kind === 'master') continue;
      if (!(await this.holds(e.kind, e.catalogueId))) continue;
      listed.push({ kind: e.kind, id: e.catalogueId, at: e.at.getTime() });
    }
    listed.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.at - b.at || a.id - b.id);
    return page(
      listed.map(({ kind, id }) => ({ kind, id })),
      request,
    );
  }

  async contributedReleases(userId: number, query: ContributionsQuery): Promise<Page<number>> {
    const releases = await this.contributed(userId);
    const compare = COMPARE[query.sort ?? DEFAULT_CONTRIBUTION_SORT];
    const dir = query.sortOrder === 'desc' ? -1 : 1;
    releases.sort((a, b) => dir * (compare(a, b) || a.id - b.id));
    return page(
      releases.map((r) => r.id),
      query,
    );
  }

  async releasesContributed(userId: number): Promise<number> {
    return (await this.contributed(userId)).length;
  }

  /** The user's distinct releases that the catalogue holds, with their first entry's time and list columns. */
  private async contributed(userId: number): Promise<Sortable[]> {
    const added = new Map<number, number>();
    for (const e of this.entries) {
      if (e.userId !== userId || e.kind !== 'release') continue;
      const at = e.at.getTime();
      added.set(e.catalogueId, Math.min(at, added.get(e.catalogueId) ?? at));
    }
    const out: Sortable[] = [];
    for (const [id, at] of added) {
      const stored = await this.catalogue.release(id);
      if (!stored) continue;
      const columns = releaseListing(stored.record);
      out.push({ id, added: at, title: stored.record.title, ...columns });
    }
    return out;
  }

  async recordsOf(userId: number, role: 'submitter' | 'contributor'): Promise<readonly RecordRef[]> {
    const records = new Map<string, RecordRef>();
    for (const e of this.entries) {
      if (e.userId !== userId || (role === 'submitter' && !e.isSubmission)) continue;
      records.set(`${e.kind} ${e.catalogueId}`, { kind: e.kind, id: e.catalogueId });
    }
    return [...records.values()];
  }

  /** The entries of these releases, in the order they were added. */
  releaseEntries(releaseIds: readonly number[]): readonly Contribution[] {
    const wanted = new Set(releaseIds);
    return this.entries.filter((e) => e.kind === 'release' && wanted.has(e.catalogueId));
  }

  private async holds(kind: SubmissionEntry['kind'], id: number): Promise<boolean> {
    if (kind === 'artist') return (await this.catalogue.artist(id)) !== null;
    if (kind === 'label') return (await this.catalogue.label(id)) !== null;
    return (await this.catalogue.release(id)) !== null;
  }

  snapshot(): unknown {
    return [...this.entries];
  }

  restore(snapshot: unknown): void {
    this.entries = [...(snapshot as Contribution[])];
  }
}

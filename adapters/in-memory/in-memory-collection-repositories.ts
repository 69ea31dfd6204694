import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import type { CollectionListReader } from '../../application/ports/collection-list-reader.js';
import type { Holds, UserHoldings } from '../../application/ports/catalogue-search.js';
import type { Holding, HoldingCounts } from '../../application/ports/community-figures.js';
import { creditLine } from '../../domain/catalogue/credit.js';
import { formatSummary, releaseYear } from '../../domain/catalogue/release-summary.js';
import { ALL_FOLDER, Collection, DEFAULT_PRIVACY, UNCATEGORIZED_FOLDER, type Folder, type Privacy } from '../../domain/collection/collection.js';
import type { CollectionRepository, ListRequest, Slice, WantlistRepository } from '../../domain/collection/collection-repository.js';
import type { CollectionSort } from '../../domain/collection/collection-sort.js';
import type { Instance } from '../../domain/collection/instance.js';
import { DEFAULT_FIELDS, type NotesField } from '../../domain/collection/notes-fields.js';
import type { Want } from '../../domain/collection/want.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';

interface Stored {
  folders: Map<number, { userId: number; name: string }>;
  settings: Map<number, { fields: readonly NotesField[]; privacy: Privacy }>;
  instances: Map<number, Instance>;
  wants: Map<string, Want>;
  nextFolder: number;
  nextInstance: number;
}

type SortKeys = Record<'label' | 'artist' | 'title' | 'catno' | 'format', string> & { year: number };

/** The fields a list sorts releases by, as the SQL columns hold them; empty for a release the catalogue lacks. */
async function sortKeysOf(catalogue: CatalogueReader | undefined, ids: readonly number[]): Promise<Map<number, SortKeys>> {
  const keys = new Map<number, SortKeys>();
  for (const id of new Set(ids)) {
    const r = (await catalogue?.release(id))?.record;
    keys.set(id, {
      label: r?.labels[0]?.name ?? '',
      catno: r?.labels[0]?.catno ?? '',
      artist: r ? creditLine(r.artists) : '',
      title: r?.title ?? '',
      format: r ? formatSummary(r.formats) : '',
      year: r ? releaseYear(r.released) : 0,
    });
  }
  return keys;
}

function sorted<T extends { releaseId: number; rating: number; dateAdded: Date }>(
  items: T[],
  keys: Map<number, SortKeys>,
  request: ListRequest,
  own: (item: T) => number,
): Slice<T> {
  const sign = request.order === 'desc' ? -1 : 1;
  const by = (sort: CollectionSort, a: T, b: T): number => {
    if (sort === 'rating') return a.rating - b.rating;
    if (sort === 'added') return a.dateAdded.getTime() - b.dateAdded.getTime();
    const ka = keys.get(a.releaseId)!;
    const kb = keys.get(b.releaseId)!;
    if (sort === 'year') return ka.year - kb.year;
    const x = ka[sort].toLowerCase();
    const y = kb[sort].toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  };
  items.sort((a, b) => sign * (by(request.sort, a, b) || own(a) - own(b)));
  return { items: items.slice(request.offset, request.offset + request.limit), total: items.length };
}

/**
 * Collections, wantlists, their sorted lists and their counts in memory, enlisted in an `InMemoryUnitOfWork` (runs there are serialised,
 * so `loadForChange` needs no lock). Sorting by release fields reads the releases from the catalogue given.
 */
export class InMemoryCollectionStore implements InMemoryTransactional, ErasableStore {
  private state: Stored = { folders: new Map(), settings: new Map(), instances: new Map(), wants: new Map(), nextFolder: 2, nextInstance: 1 };
  readonly collections: CollectionRepository;
  readonly wantlists: WantlistRepository;
  readonly lists: CollectionListReader;
  readonly holdings: HoldingCounts;

  constructor(uow: InMemoryUnitOfWork, catalogue?: CatalogueReader) {
    uow.enlist(this);
    const store = (): Stored => this.state;
    const wantKey = (userId: number, releaseId: number): string => `${userId}/${releaseId}`;

    const load = async (userId: number): Promise<Collection> => {
      const s = store();
      const count = (folderId: number): number => [...s.instances.values()].filter((i) => i.userId === userId && i.folderId === folderId).length;
      const folders: Folder[] = [{ id: UNCATEGORIZED_FOLDER, name: 'Uncategorized', count: count(UNCATEGORIZED_FOLDER) }];
      const own = [...s.folders].filter(([, f]) => f.userId === userId).sort(([a], [b]) => a - b);
      for (const [id, f] of own) folders.push({ id, name: f.name, count: count(id) });
      const settings = s.settings.get(userId) ?? { fields: DEFAULT_FIELDS, privacy: DEFAULT_PRIVACY };
      return Collection.restore(userId, folders, settings.fields, settings.privacy);
    };

    this.collections = {
      load,
      loadForChange: load,
      async save(c) {
        const s = store();
        s.settings.set(c.userId, { fields: c.fields, privacy: c.privacy });
        for (const [id, f] of [...s.folders]) if (f.userId === c.userId) s.folders.delete(id);
        for (const f of c.folders) if (f.id !== ALL_FOLDER && f.id !== UNCATEGORIZED_FOLDER) s.folders.set(f.id, { userId: c.userId, name: f.name });
      },
      async nextFolderId() {
        return store().nextFolder++;
      },
      async nextInstanceId() {
        return store().nextInstance++;
      },
      async instance(userId, instanceId) {
        const i = store().instances.get(instanceId);
        return i && i.userId === userId ? i : null;
      },
      async addInstance(i) {
        store().instances.set(i.id, i);
      },
      async updateInstance(i) {
        store().instances.set(i.id, i);
      },
      async removeInstance(i) {
        store().instances.delete(i.id);
      },
      async removeNotes(userId, fieldId, keep) {
        const s = store();
        for (const i of [...s.instances.values()]) {
          const value = i.notes.get(fieldId);
          if (i.userId !== userId || value === undefined || keep?.includes(value)) continue;
          s.instances.set(i.id, i.noted({ fieldId, value: '' }));
        }
      },
      async instancesOfRelease(userId, releaseId, offset, limit) {
        const all = [...store().instances.values()].filter((i) => i.userId === userId && i.releaseId === releaseId).sort((a, b) => a.id - b.id);
        return { items: all.slice(offset, offset + limit), total: all.length };
      },
      async releaseIdsHeld(userId) {
        return [...store().instances.values()].filter((i) => i.userId === userId).map((i) => i.releaseId);
      },
    };

    this.wantlists = {
      async want(userId, releaseId) {
        return store().wants.get(wantKey(userId, releaseId)) ?? null;
      },
      async add(w) {
        store().wants.set(wantKey(w.userId, w.releaseId), w);
      },
      async update(w) {
        store().wants.set(wantKey(w.userId, w.releaseId), w);
      },
      async remove(userId, releaseId) {
        store().wants.delete(wantKey(userId, releaseId));
      },
      async count(userId) {
        return [...store().wants.values()].filter((w) => w.userId === userId).length;
      },
    };

    ({ lists: this.lists, holdings: this.holdings } = this.readModels(catalogue));
  }

  /**
   * The read models that need release fields (sort keys, a release's master), reading the releases from `catalogue`:
   * the folders' and wantlist's sorted pages, the collection and wantlist counts (what the release rows' `num_have`
   * and `num_want` are on the database, kept there by triggers; counted here on each read) and a user's holdings of
   * search results. A memory family makes them once per container, with the catalogue that container reads.
   */
  readModels(catalogue?: CatalogueReader): { readonly lists: CollectionListReader; readonly holdings: HoldingCounts; readonly userHoldings: UserHoldings } {
    const store = (): Stored => this.state;
    const lists: CollectionListReader = {
      async instancesInFolder(userId, folderId, request) {
        const all = [...store().instances.values()].filter((i) => i.userId === userId && (folderId === ALL_FOLDER || i.folderId === folderId));
        return sorted(all, await sortKeysOf(catalogue, all.map((i) => i.releaseId)), request, (i) => i.id);
      },
      async wantlist(userId, request) {
        const all = [...store().wants.values()].filter((w) => w.userId === userId);
        return sorted(all, await sortKeysOf(catalogue, all.map((w) => w.releaseId)), request, (w) => w.releaseId);
      },
    };

    /**
     * The counts of the ids asked, in one pass over the instances and wants: each counted for the id `keyOf` gives its
     * release (its own id, or its master's), everyone's and `userId`'s; an id nothing is counted for has zeros.
     */
    const tally = (ids: readonly number[], userId: string | null, keyOf: (releaseId: number) => number | null | undefined): Map<number, Holding> => {
      const s = store();
      const user = userId === null ? null : Number(userId);
      const counts = new Map(ids.map((id) => [id, { inCollection: 0, inWantlist: 0, mine: { inCollection: 0, inWantlist: 0 } }]));
      const count = (x: { userId: number; releaseId: number }, field: 'inCollection' | 'inWantlist'): void => {
        const key = keyOf(x.releaseId);
        const c = key === null || key === undefined ? undefined : counts.get(key);
        if (!c) return;
        c[field]++;
        if (x.userId === user) c.mine[field]++;
      };
      for (const i of s.instances.values()) count(i, 'inCollection');
      for (const w of s.wants.values()) count(w, 'inWantlist');
      return new Map(
        [...counts].map(([id, c]) => [id, { community: { inCollection: c.inCollection, inWantlist: c.inWantlist }, user: user === null ? null : c.mine }]),
      );
    };
    /** The master of each release held or wanted (by anyone), as the catalogue tells it. */
    const mastersOfHeld = async (): Promise<Map<number, number | null>> => {
      const masterOf = new Map<number, number | null>();
      for (const r of new Set([...store().instances.values(), ...store().wants.values()].map((x) => x.releaseId))) {
        masterOf.set(r, (await catalogue?.release(r))?.record.masterId ?? null);
      }
      return masterOf;
    };
    const holdings: HoldingCounts = {
      async forReleases(ids, userId) {
        return tally(ids, userId, (r) => r);
      },
      async forMasters(ids, userId) {
        const masterOf = await mastersOfHeld();
        return tally(ids, userId, (r) => masterOf.get(r));
      },
    };

    const userHoldings: UserHoldings = {
      async of(userId, records) {
        const masterOf = records.some((r) => r.kind === 'master') ? await mastersOfHeld() : new Map<number, number | null>();
        const s = store();
        const mine = <T extends { userId: number; releaseId: number }>(xs: Iterable<T>): T[] => [...xs].filter((x) => x.userId === userId);
        const instances = mine(s.instances.values());
        const wants = mine(s.wants.values());
        return records.map((record): Holds => {
          const matches =
            record.kind === 'release'
              ? (x: { releaseId: number }) => x.releaseId === record.id
              : record.kind === 'master'
                ? (x: { releaseId: number }) => masterOf.get(x.releaseId) === record.id
                : () => false;
          return { inCollection: instances.some(matches), inWantlist: wants.some(matches) };
        });
      },
    };
    return { lists, holdings, userHoldings };
  }

  /** Forgets the user's folders, settings, instances and wants. */
  eraseUser(userId: number): void {
    const s = this.state;
    for (const [id, f] of [...s.folders]) if (f.userId === userId) s.folders.delete(id);
    s.settings.delete(userId);
    for (const [id, i] of [...s.instances]) if (i.userId === userId) s.instances.delete(id);
    for (const [k, w] of [...s.wants]) if (w.userId === userId) s.wants.delete(k);
  }

  snapshot(): unknown {
    const s = this.state;
    return { ...s, folders: new Map(s.folders), settings: new Map(s.settings), instances: new Map(s.instances), wants: new Map(s.wants) };
  }

  // Ids are not taken back by a failed unit of work (as a database sequence's are not): one is never given twice.
  restore(snapshot: unknown): void {
    const s = snapshot as Stored;
    const { nextFolder, nextInstance } = this.state;
    this.state = { folders: new Map(s.folders), settings: new Map(s.settings), instances: new Map(s.instances), wants: new Map(s.wants), nextFolder, nextInstance };
  }
}

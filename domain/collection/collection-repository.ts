import type { Collection } from './collection.js';
import type { Instance } from './instance.js';
import type { Want } from './want.js';
import type { CollectionSort } from './collection-sort.js';


/** A sorted slice of a list: the items from `offset` (at most `limit`) in an order (see `CollectionListReader`). */
export interface ListRequest {
  readonly sort: CollectionSort;
  readonly order: 'asc' | 'desc';
  readonly offset: number;
  readonly limit: number;
}

/** A slice of a list: its items, and how many the whole list holds. */
export interface Slice<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/**
 * Stores collections: the aggregate (folders with their counts, notes fields, privacy) and its instances. Writes
 * start with `loadForChange`, which holds the user's collection (and wantlist) against other writers until the unit
 * of work ends, so the rules checked on the aggregate still hold when its changes are stored.
 */
export interface CollectionRepository {
  /** The user's collection as stored; a fresh one (folder 1, default fields, public) for a user who has none. */
  load(userId: number): Promise<Collection>;
  /** As `load`, holding the user's collection and wantlist for the rest of the unit of work; stores a fresh one first. */
  loadForChange(userId: number): Promise<Collection>;
  /** Stores folder names (new, renamed, removed), fields and privacy; instances are stored apart. */
  save(collection: Collection): Promise<void>;
  /** A folder id no collection uses yet (2 or more). */
  nextFolderId(): Promise<number>;
  /** An instance id no collection uses yet. */
  nextInstanceId(): Promise<number>;
  instance(userId: number, instanceId: number): Promise<Instance | null>;
  addInstance(instance: Instance): Promise<void>;
  updateInstance(instance: Instance): Promise<void>;
  removeInstance(instance: Instance): Promise<void>;
  /** Removes the notes of a field (gone) or, with `keep`, the values not among `keep` (options dropped). */
  removeNotes(userId: number, fieldId: number, keep?: readonly string[]): Promise<void>;
  /** The instances of one release in the collection, oldest first. */
  instancesOfRelease(userId: number, releaseId: number, offset: number, limit: number): Promise<Slice<Instance>>;
  /** The release of every instance (a release held twice appears twice). */
  releaseIdsHeld(userId: number): Promise<number[]>;
}

/** Stores wantlists. Writes run after `CollectionRepository.loadForChange` of the user, which holds the wantlist too. */
export interface WantlistRepository {
  want(userId: number, releaseId: number): Promise<Want | null>;
  add(want: Want): Promise<void>;
  update(want: Want): Promise<void>;
  remove(userId: number, releaseId: number): Promise<void>;
  count(userId: number): Promise<number>;
}

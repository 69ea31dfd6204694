/**
 * Entity ids referenced by a piece of markup, grouped by entity type. Each
 * list holds distinct positive integer ids in order of first appearance.
 */
export interface EntityIds {
  readonly artists: readonly number[];
  readonly labels: readonly number[];
  readonly releases: readonly number[];
  readonly masters: readonly number[];
}

/**
 * Display names for entity ids, grouped by entity type (for releases and
 * masters, the title). An id absent from its map is unknown; renderers fall
 * back to a generic label for it rather than failing.
 */
export interface EntityNames {
  readonly artists: ReadonlyMap<number, string>;
  readonly labels: ReadonlyMap<number, string>;
  readonly releases: ReadonlyMap<number, string>;
  readonly masters: ReadonlyMap<number, string>;
}

/**
 * Port that batch-resolves entity ids to display names before markup is
 * rendered, so rendering itself stays synchronous and pure. Implementations
 * must resolve (never reject) for ids that do not exist, simply omitting them
 * from the returned maps, and may return names for ids that were not asked for.
 */
export interface NameResolver {
  /** Looks up the display names of the given ids in one batch. */
  names(ids: EntityIds): Promise<EntityNames>;
}

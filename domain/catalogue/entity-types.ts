import type { Release, ReleaseEntity } from './release.js';

/** The entity type of a release entity: the Discogs code and its name. */
export type EntityType = Pick<ReleaseEntity, 'entityType' | 'entityTypeName'>;

/** The lists of entities a release has (`labels`, `series`, `companies`). */
export type EntityList = {
  [K in keyof Release]-?: Release[K] extends readonly ReleaseEntity[] ? K : never;
}[keyof Release];

/**
 * The entity type each list of release entities implies: every entry of `labels` is a label ("1", "Label"), every
 * entry of `series` a series ("22", "Series"); companies carry their own, so none is implied ('', '').
 */
export const DEFAULT_ENTITY_TYPES: { readonly [List in EntityList]: EntityType } = {
  labels: { entityType: '1', entityTypeName: 'Label' },
  series: { entityType: '22', entityTypeName: 'Series' },
  companies: { entityType: '', entityTypeName: '' },
};

/** What a list of instances or wants can be sorted by. */
export const COLLECTION_SORTS = ['label', 'artist', 'title', 'catno', 'format', 'rating', 'added', 'year'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

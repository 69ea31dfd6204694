/** The orders an inventory can be sorted in (status and location only for its owner, which the caller decides). */
export const INVENTORY_SORTS = ['listed', 'price', 'item', 'artist', 'label', 'catno', 'audio', 'status', 'location'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

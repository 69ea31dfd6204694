import type { Release } from '../../domain/catalogue/release.js';
import type { InventorySort } from '../../domain/marketplace/inventory-sort.js';
import type { ListingStatus } from '../../domain/marketplace/listing-status.js';
import { aCredit, aRelease, onLabel } from './builders/catalogue-builders.js';

/**
 * One seller's five listings that every inventory sort orders differently, shared by the listing repository contract
 * and the inventory HTTP test: each listing's release (an index into `inventoryReleases`), status, price in cents,
 * location and the day of November 2026 it was posted.
 */
export const INVENTORY_PLAN = {
  L1: [0, 'For Sale', 1000, 'B2', 1],
  L2: [1, 'For Sale', 500, 'A1', 2],
  L3: [2, 'Draft', 2000, 'C3', 3],
  L4: [1, 'Sold', 700, null, 4],
  L5: [2, 'For Sale', 500, 'A1', 5],
} as const satisfies Record<string, readonly [number, ListingStatus, number, string | null, number]>;

export type PlannedListing = keyof typeof INVENTORY_PLAN;

/** The plan's For Sale listings. */
export const PLANNED_FOR_SALE: readonly PlannedListing[] = ['L1', 'L2', 'L5'];

/** Every sort's ascending order of the plan's listings (ties by id, which follows the plan's order). */
export const INVENTORY_ORDERS: Readonly<Record<InventorySort, readonly PlannedListing[]>> = {
  listed: ['L1', 'L2', 'L3', 'L4', 'L5'],
  price: ['L2', 'L5', 'L4', 'L1', 'L3'],
  item: ['L3', 'L5', 'L2', 'L4', 'L1'],
  artist: ['L2', 'L4', 'L3', 'L5', 'L1'],
  label: ['L2', 'L4', 'L3', 'L5', 'L1'],
  catno: ['L1', 'L3', 'L5', 'L2', 'L4'],
  audio: ['L1', 'L2', 'L3', 'L4', 'L5'],
  status: ['L3', 'L1', 'L2', 'L5', 'L4'],
  location: ['L4', 'L2', 'L5', 'L1', 'L3'],
};

/** The plan's three releases under the ids given: titles, artists, labels and catalogue numbers that sort apart. */
export function inventoryReleases(ids: readonly [number, number, number]): Release[] {
  return [
    aRelease(ids[0], { title: 'Zeta', artists: [aCredit(1, 'Cobalt')], labels: [onLabel(1, 'Mango', 'A-9')], released: '1980' }),
    aRelease(ids[1], { title: 'Yodel', artists: [aCredit(2, 'Amber')], labels: [onLabel(2, 'Kiwi', 'C-1')], released: '1990' }),
    aRelease(ids[2], { title: 'Xenon', artists: [aCredit(3, 'Beryl')], labels: [onLabel(3, 'Lime', 'B-5')], released: '2000' }),
  ];
}

import type { ExportedListing } from '../../domain/inventory/inventory-csv.js';

/**
 * Reads a seller's whole inventory in bulk, for an export: every listing of the seller but the deleted ones, in
 * listing id order, in batches of at most `batchSize`, in memory one batch at a time however large the inventory.
 * Runs inside a unit of work, which it reads in (the listings as they were when the read began, on a database).
 */
export interface InventoryReader {
  listings(sellerId: number, batchSize: number): AsyncIterable<readonly ExportedListing[]>;
}

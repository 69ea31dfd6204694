import type { InventoryUploadView } from '../../../application/inventory/inventory-upload-view.js';
import type { ApiSchema } from '../api-shapes.js';
import { jobTimestamp } from './inventory-export-presenter.js';

/**
 * The upload record (the spec's "Inventory upload record"): `id`, `status`, `type`, `results` (empty until it ends),
 * `created_ts`, `finished_ts` (null until it ends), `filename`, and its own address as `resource_url`.
 */
export class InventoryUploadPresenter {
  constructor(private readonly baseUrl: string) {}

  /** The upload's own address (its record; the `Location` of a new upload). */
  url(id: number): string {
    return `${this.baseUrl}/inventory/upload/${id}`;
  }

  upload(v: InventoryUploadView): ApiSchema<'InventoryUpload'> {
    return {
      id: v.id,
      status: v.status,
      type: v.type,
      results: v.results,
      created_ts: jobTimestamp(v.created),
      finished_ts: jobTimestamp(v.finished),
      filename: v.filename,
      resource_url: this.url(v.id),
    };
  }
}

import type { InventoryExportView } from '../../../application/inventory/inventory-export-view.js';
import type { ApiSchema } from '../api-shapes.js';
import type { Dialect } from '../catalogue/catalogue-presenter.js';

/** An export or upload time as the spec writes them: UTC, to the second, without an offset (`2026-11-23T10:00:00`). */
export function jobTimestamp(date: Date): string;
export function jobTimestamp(date: Date | null): string | null;
export function jobTimestamp(date: Date | null): string | null {
  return date === null ? null : date.toISOString().slice(0, 19);
}

/**
 * The export record (the spec's "Inventory export"): `id`, `status`, `created_ts`, `finished_ts` (null until it
 * ends), `url` (the record's own address, as the public API has it), the download address once the file can be
 * downloaded (null before it succeeded, when it failed and once the file expired) and `filename`. The spec names the
 * download address `_url`, a key that lost its first word; the public API's is `download_url`. The spec dialect writes
 * both, so clients of either kind find it (as it does for the login); the Discogs dialect writes `download_url`.
 */
export class InventoryExportPresenter {
  constructor(
    private readonly baseUrl: string,
    private readonly dialect: Dialect,
  ) {}

  /** The export's own address (its record; the `Location` of a new export). */
  url(id: number): string {
    return `${this.baseUrl}/inventory/export/${id}`;
  }

  export(v: InventoryExportView): ApiSchema<'InventoryExport'> {
    const download = v.downloadable ? `${this.url(v.id)}/download` : null;
    return {
      id: v.id,
      status: v.status,
      created_ts: jobTimestamp(v.created),
      finished_ts: jobTimestamp(v.finished),
      url: this.url(v.id),
      ...(this.dialect === 'spec' ? { _url: download } : {}),
      download_url: download,
      filename: v.filename,
    };
  }
}

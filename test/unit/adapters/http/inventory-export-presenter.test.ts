import { expect } from 'chai';
import { InventoryExportPresenter, jobTimestamp } from '../../../../adapters/http/inventory/inventory-export-presenter.js';
import { attachment, jobId } from '../../../../adapters/http/inventory/inventory-export-routes.js';
import type { InventoryExportView } from '../../../../application/inventory/inventory-export-view.js';
import { NotFound } from '../../../../application/errors.js';

describe('Inventory export presenter', () => {
  const base = 'https://api.example.test';
  const done: InventoryExportView = {
    id: 7,
    status: 'success',
    created: new Date('2026-11-23T10:05:30.250Z'),
    finished: new Date('2026-11-23T10:05:32.999Z'),
    filename: 'sam-inventory-20261123-1005.csv',
    downloadable: true,
    updated: new Date('2026-11-23T10:05:32.999Z'),
  };

  it('writes times in UTC to the second, without an offset', () => {
    expect(jobTimestamp(new Date('2026-01-02T03:04:05.678+02:00'))).to.equal('2026-01-02T01:04:05');
    expect(jobTimestamp(null)).to.equal(null);
  });

  it('in the spec dialect: the record, its own url, the download address as _url and download_url', () => {
    expect(new InventoryExportPresenter(base, 'spec').export(done)).to.deep.equal({
      id: 7,
      status: 'success',
      created_ts: '2026-11-23T10:05:30',
      finished_ts: '2026-11-23T10:05:32',
      url: `${base}/inventory/export/7`,
      _url: `${base}/inventory/export/7/download`,
      download_url: `${base}/inventory/export/7/download`,
      filename: 'sam-inventory-20261123-1005.csv',
    });
  });

  it('in the Discogs dialect: download_url alone, null when there is nothing to download', () => {
    const pending = { ...done, status: 'pending' as const, finished: null, downloadable: false };
    expect(new InventoryExportPresenter(base, 'discogs').export(pending)).to.deep.equal({
      id: 7,
      status: 'pending',
      created_ts: '2026-11-23T10:05:30',
      finished_ts: null,
      url: `${base}/inventory/export/7`,
      download_url: null,
      filename: 'sam-inventory-20261123-1005.csv',
    });
  });

  it('names the attachment as the spec writes it, quoting only a name that needs it', () => {
    expect(attachment('sam-inventory-20261123-1005.csv')).to.equal('attachment; filename=sam-inventory-20261123-1005.csv');
    expect(attachment('odd name "x".csv')).to.equal('attachment; filename="odd name _x_.csv"');
  });

  it('takes ids of digits only', () => {
    expect(jobId('42')).to.equal(42);
    for (const bad of [undefined, 'abc', '-1', '1.5', '12345678901', '']) expect(() => jobId(bad), String(bad)).to.throw(NotFound);
  });
});

import { expect } from 'chai';
import { INVENTORY_EXPORT_COLUMNS, inventoryCsvRecord, neutraliseCell, restoreCell, type ExportedListing } from '../../../../domain/inventory/inventory-csv.js';
import { inventoryExportFilename, inventoryExportKey, isDownloadable } from '../../../../domain/inventory/inventory-export.js';
import { Money } from '../../../../domain/marketplace/money.js';

describe('Inventory CSV (row shaping and formula neutralising)', () => {
  const NEUTRALISED: ReadonlyArray<readonly [string, string]> = [
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+49 30 1234', "'+49 30 1234"],
    ['-5 off', "'-5 off"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindented', "'\tindented"],
    ['\rreturn', "'\rreturn"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠x', "'＠x"],
    // Already quoted formula starts get one more quote, so that restoring gives back exactly what was written.
    ["'=1+1", "''=1+1"],
    ["''-2", "'''-2"],
  ];
  const KEPT = ['', 'plain', 'a=b', 'x+1', ' =leading space', "'quoted text", "'", '12.50', '5-7 days', '\nnewline first', 'ünïcödé'];

  for (const [cell, written] of NEUTRALISED) {
    it(`neutralises ${JSON.stringify(cell)} as ${JSON.stringify(written)} and restores it`, () => {
      expect(neutraliseCell(cell)).to.equal(written);
      expect(restoreCell(written)).to.equal(cell);
    });
  }
  for (const cell of KEPT) {
    it(`keeps ${JSON.stringify(cell)} as it is, both ways`, () => {
      expect(neutraliseCell(cell)).to.equal(cell);
      expect(restoreCell(cell)).to.equal(cell);
    });
  }

  const base: ExportedListing = {
    id: 17,
    releaseId: 301,
    status: 'For Sale',
    price: Money.fromDecimal('12.5', 'USD'),
    condition: 'Very Good Plus (VG+)',
    sleeveCondition: null,
    comments: '',
    allowOffers: false,
    location: null,
    externalId: null,
    weight: null,
    formatQuantity: null,
  };

  it('has the upload columns plus listing_id and status, lower-case', () => {
    expect(INVENTORY_EXPORT_COLUMNS).to.deep.equal([
      'listing_id',
      'release_id',
      'status',
      'price',
      'media_condition',
      'sleeve_condition',
      'comments',
      'accept_offer',
      'location',
      'external_id',
      'weight',
      'format_quantity',
    ]);
  });

  it('writes a bare listing with empty cells for what is not set, N for offers, the price in its digits', () => {
    expect(inventoryCsvRecord(base)).to.deep.equal(['17', '301', 'For Sale', '12.50', 'Very Good Plus (VG+)', '', '', 'N', '', '', '', '']);
  });

  it('writes every field of a full listing in column order, text cells neutralised', () => {
    const full: ExportedListing = {
      ...base,
      status: 'Draft',
      price: Money.fromDecimal('1200', 'JPY'),
      condition: 'Mint (M)',
      sleeveCondition: 'No Cover',
      comments: '=cmd|"/c calc"!A1, "quoted"\nline two',
      allowOffers: true,
      location: '+shelf 3',
      externalId: '@inv-9',
      weight: 0,
      formatQuantity: 3,
    };
    const record = inventoryCsvRecord(full);
    expect(record).to.deep.equal([
      '17',
      '301',
      'Draft',
      '1200',
      'Mint (M)',
      'No Cover',
      '\'=cmd|"/c calc"!A1, "quoted"\nline two',
      'Y',
      "'+shelf 3",
      "'@inv-9",
      '0',
      '3',
    ]);
    expect(record).to.have.length(INVENTORY_EXPORT_COLUMNS.length);
  });

  for (const [currency, price, text] of [
    ['USD', '0.01', '0.01'],
    ['EUR', '1000000000', '1000000000.00'],
    ['JPY', '5', '5'],
    ['GBP', '9.9', '9.90'],
  ] as const) {
    it(`writes a ${currency} price of ${price} as ${text} (never a leading minus: prices are positive)`, () => {
      expect(inventoryCsvRecord({ ...base, price: Money.fromDecimal(price, currency) })[3]).to.equal(text);
    });
  }
});

describe('Inventory export files', () => {
  it('names the file after the login and the UTC time asked, to the minute', () => {
    expect(inventoryExportFilename('sam', new Date('2026-11-23T10:05:59.900Z'))).to.equal('sam-inventory-20261123-1005.csv');
    expect(inventoryExportFilename('a.b-c_d', new Date('2027-01-02T23:59:00+02:00'))).to.equal('a.b-c_d-inventory-20270102-2159.csv');
  });

  it('keeps each export under its job id', () => {
    expect(inventoryExportKey(42)).to.equal('inventory-export/42.csv');
  });

  const HOUR = 3_600_000;
  const finished = new Date('2026-11-23T10:00:00Z');
  for (const [status, at, hoursLater, downloadable] of [
    ['success', finished, 0, true],
    ['success', finished, 1.99, true],
    ['success', finished, 2, false],
    ['success', finished, 5, false],
    ['failed', finished, 0, false],
    ['pending', null, 0, false],
    ['processing', null, 0, false],
  ] as const) {
    it(`a ${status} export ${hoursLater} hours after it ended, kept 2 hours: ${downloadable ? 'downloadable' : 'not downloadable'}`, () => {
      expect(isDownloadable({ status, finished: at }, 2 * HOUR, new Date(finished.getTime() + hoursLater * HOUR))).to.equal(downloadable);
    });
  }
});

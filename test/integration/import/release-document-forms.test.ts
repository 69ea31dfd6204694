import { expect } from 'chai';
import { BinaryCopyBuffer } from '../../../adapters/persistence/catalogue/binary-copy-buffer.js';
import { writeReleaseDocument } from '../../../adapters/persistence/catalogue/catalogue-documents.js';
import { MikroOrmCatalogueReader } from '../../../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import { PgCatalogueReader } from '../../../adapters/persistence/catalogue/pg-catalogue-reader.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { releaseTemplate } from '../../../application/catalogue/release-document.js';
import type { CatalogueReader } from '../../../application/ports/catalogue-reader.js';
import type { Release } from '../../../domain/catalogue/release.js';
import { runImport } from '../../support/catalogue-import.js';
import { demo, readDump } from '../../support/dump-fixtures.js';
import { openTestDatabase } from '../../support/test-database.js';
import { emptyCatalogue, sql } from './import-support.js';

/** The compact document of catalogue-documents.ts, as rows written before templates hold it in `data`. */
function compactDocument(release: Release): string {
  const out = new BinaryCopyBuffer();
  writeReleaseDocument(out, release);
  return Buffer.from(out.view()).subarray(4).toString('utf8');
}

/**
 * Rows written before release templates existed hold the compact document in `data` and no template; rows written
 * before templates were packed hold the template as text in `document` (ADR 0066): readers serve them all the same,
 * and the next import of their release replaces them with the packed template (counted as changed once).
 */
describe('Release rows written before templates, or before packed templates', function () {
  this.timeout(60_000);
  let db: Database;
  let releases: Release[];
  const OLD = [1, 2, 3];
  const TEXT = [6, 7];

  before(async () => {
    db = await openTestDatabase();
    releases = await readDump(demo('releases'), 'releases');
  });
  beforeEach(async () => {
    await emptyCatalogue(db);
    await runImport(db, [demo('releases')], { progress: 'none', force: true });
    for (const id of OLD) {
      const release = releases.find((r) => r.id === id)!;
      await sql(
        db,
        `UPDATE release SET packed_document = NULL, data = '${compactDocument(release).replace(/'/g, "''")}' WHERE id = ${id}`,
      );
    }
    for (const id of TEXT) {
      const release = releases.find((r) => r.id === id)!;
      await sql(
        db,
        `UPDATE release SET packed_document = NULL, document = '${releaseTemplate(release).replace(/'/g, "''")}' WHERE id = ${id}`,
      );
    }
  });
  after(() => db.close());

  function readers(): Array<[string, CatalogueReader]> {
    const list: Array<[string, CatalogueReader]> = [['MikroORM', new MikroOrmCatalogueReader(db.orm)]];
    const pool = db.hotReadPool();
    if (pool) list.push(['pg', new PgCatalogueReader(pool, new MikroOrmCatalogueReader(db.orm))]);
    return list;
  }

  it('are read as the release and its template, like rows with a template', async () => {
    const [[, reference]] = readers() as [[string, CatalogueReader]];
    for (const [name, reader] of readers()) {
      const [mine, theirs] = [await reader.releaseDocument(5), await reference.releaseDocument(5)];
      expect([mine?.dateAdded, mine?.dateChanged], `${name}: dates`).to.deep.equal([theirs?.dateAdded, theirs?.dateChanged]);
      for (const id of [...OLD, ...TEXT, 4]) {
        const release = releases.find((r) => r.id === id)!;
        expect((await reader.release(id))?.record, `${name} ${id}`).to.deep.equal(release);
        expect((await reader.releaseDocument(id))?.record, `${name} ${id}`).to.equal(releaseTemplate(release));
      }
    }
  });

  it('get their template from the next import, which counts them as changed', async () => {
    const [summary] = await runImport(db, [demo('releases')], { progress: 'none', force: true });
    expect(summary).to.include({ updated: OLD.length + TEXT.length, unchanged: releases.length - OLD.length - TEXT.length });
    expect(
      await sql(db, 'SELECT count(*)::int AS n FROM release WHERE data IS NOT NULL OR document IS NOT NULL OR packed_document IS NULL'),
    ).to.deep.equal([{ n: 0 }]);
  });

  it('cannot lose both forms', async () => {
    let error: unknown;
    try {
      await sql(db, 'UPDATE release SET packed_document = NULL, document = NULL, data = NULL WHERE id = 4');
    } catch (err) {
      error = err;
    }
    expect(String(error)).to.match(/release_document_check/);
  });
});

import { expect } from 'chai';
import type { Database } from '../../../adapters/persistence/database.js';
import { runImport } from '../../support/catalogue-import.js';
import { openTestDatabase } from '../../support/test-database.js';
import { Scratch } from '../../support/dump-fixtures.js';
import { emptyCatalogue, sql } from './import-support.js';

const quiet = { progress: 'none' } as const;

describe('Dump import: records without a valid id', function () {
  this.timeout(60_000);
  let db: Database;
  const scratch = new Scratch();

  before(async () => {
    db = await openTestDatabase();
  });
  beforeEach(() => emptyCatalogue(db));
  after(async () => {
    await db.close();
    scratch.cleanup();
  });

  it('are skipped, counted and listed in the summary, never stored as id 0', async () => {
    const credit = '<artists><artist><id>5</id><name>A</name></artist></artists>';
    const file = scratch.write(
      'discogs_20200806_releases.xml',
      [
        '<releases>',
        `<release id="1" status="Accepted"><title>One</title>${credit}</release>`,
        `<release status="Accepted"><title>No id</title>${credit}</release>`,
        '<release id="abc"><title>Letters</title></release>',
        '<release id="2"><title>Two</title></release>',
        '</releases>',
      ].join('\n'),
    );
    const [summary] = await runImport(db, [file], quiet);
    expect(summary).to.include({ records: 2, inserted: 2, updated: 0, unchanged: 0, skipped: 2 });
    expect(summary!.warnings).to.deep.equal([
      'record 2 (line 3) has no id; skipped',
      'record 3 (line 4) has no valid id ("abc"); skipped',
    ]);
    expect(await sql(db, 'SELECT id, title FROM release ORDER BY id')).to.deep.equal([
      { id: 1, title: 'One' },
      { id: 2, title: 'Two' },
    ]);
    expect(await sql(db, 'SELECT release_id, artist_id FROM release_artist')).to.deep.equal([
      { release_id: 1, artist_id: 5 },
    ]);
  });

  it('are skipped in every kind, with ids as elements too, listing the first five', async () => {
    const artists = ['<artists>'];
    for (let i = 1; i <= 9; i++) {
      artists.push(`<artist><id>${i % 3 === 0 ? `${i}x` : i}</id><name>A${i}</name></artist>`);
    }
    artists.push('<artist><name>None</name></artist>', '<artist><id/></artist>', '<artist><id>-1</id></artist>');
    artists.push('</artists>');
    const [summary] = await runImport(db, [scratch.write('discogs_20200806_artists.xml', artists.join('\n'))], quiet);
    expect(summary).to.include({ records: 6, inserted: 6, skipped: 6 });
    expect(summary!.warnings).to.deep.equal([
      'record 3 (line 4) has no valid id ("3x"); skipped',
      'record 6 (line 7) has no valid id ("6x"); skipped',
      'record 9 (line 10) has no valid id ("9x"); skipped',
      'record 10 (line 11) has no id; skipped',
      'record 11 (line 12) has no id; skipped',
      '1 more record without a valid id skipped',
    ]);
    expect(await sql(db, 'SELECT id FROM artist ORDER BY id')).to.deep.equal([1, 2, 4, 5, 7, 8].map((id) => ({ id })));
  });
});

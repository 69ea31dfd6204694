import { expect } from 'chai';
import { releaseOfTemplate } from '../../../application/catalogue/release-document.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { runImport } from '../../support/catalogue-import.js';
import { openTestDatabase } from '../../support/test-database.js';
import { Scratch } from '../../support/dump-fixtures.js';
import { emptyCatalogue, sql, storedTemplate } from './import-support.js';

const quiet = { progress: 'none' } as const;
const BIG = '3000000000';

describe('Dump import: ids beyond 2³¹ − 1', function () {
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

  it('skip the record, saying so in one line; references to them link nothing', async () => {
    const file = scratch.write(
      'discogs_20200806_releases.xml',
      [
        '<releases>',
        '<release id="2147483647" status="Accepted"><title>Largest</title>',
        `<artists><artist><id>${BIG}</id><name>Far</name></artist>`,
        '<artist><id>7</id><name>Near</name></artist></artists>',
        `<labels><label name="Far" catno="F1" id="${BIG}"/></labels>`,
        '<series><series name="S" catno="S1" id="8"/></series>',
        `<master_id is_main_release="true">${BIG}</master_id>`,
        '</release>',
        `<release id="${BIG}" status="Accepted"><title>Too large</title></release>`,
        '<release id="99999999999999999999"><title>Far too large</title></release>',
        '</releases>',
      ].join('\n'),
    );
    const [summary] = await runImport(db, [file], quiet);
    expect(summary).to.include({ records: 1, inserted: 1, skipped: 2 });
    expect(summary!.warnings).to.deep.equal([
      `record 2 (line 9): id ${BIG} is beyond the largest id this catalogue stores (2147483647); skipped`,
      'record 3 (line 10): id 99999999999999999999 is beyond the largest id this catalogue stores (2147483647); skipped',
    ]);
    expect(await sql(db, 'SELECT id, master_id, is_main_release, artist, label FROM release')).to.deep.equal([
      { id: 2147483647, master_id: null, is_main_release: false, artist: 'Far, Near', label: 'Far' },
    ]);
    expect(await sql(db, 'SELECT release_id, artist_id, role FROM release_artist')).to.deep.equal([
      { release_id: 2147483647, artist_id: 7, role: 'Main' },
    ]);
    expect(await sql(db, 'SELECT release_id, position, label_id, catno FROM release_label')).to.deep.equal([
      { release_id: 2147483647, position: 0, label_id: 8, catno: 'S1' },
    ]);
    const release = releaseOfTemplate((await storedTemplate(db, 2147483647))!, false);
    expect(release.artists.map((a) => [a.id, a.name])).to.deep.equal([[0, 'Far'], [7, 'Near']]);
    expect(release.labels.map((l) => [l.id, l.name, l.catno])).to.deep.equal([[0, 'Far', 'F1']]);
  });

  it('in the columns of masters (main release, year) store none', async () => {
    const file = scratch.write(
      'discogs_20200806_masters.xml',
      `<masters><master id="9"><main_release>${BIG}</main_release><year>99999999999</year><title>M</title></master>` +
        '</masters>',
    );
    const [summary] = await runImport(db, [file], quiet);
    expect(summary).to.include({ records: 1, skipped: 0 });
    expect(await sql(db, 'SELECT id, main_release, year, title FROM master')).to.deep.equal([
      { id: 9, main_release: 0, year: 0, title: 'M' },
    ]);
  });
});

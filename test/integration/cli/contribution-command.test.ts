import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { discoverModules, schemaOf } from '../../../composition/modules.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { commandPlace, runSpindle, runSpindleInProcess, type CommandPlace, type Run } from '../../support/spindle-cli.js';

/**
 * `spindle contribution add …` on the suite's database (a server, or an embedded folder): in this process (`runCli`),
 * the first one started as its own process as an operator does.
 */
describe('spindle contribution add (the command, end to end)', function () {
  this.timeout(180_000);
  let place: CommandPlace;

  const spindle = (...args: string[]): Promise<Run> => runSpindleInProcess(place, args);

  /** The stored history, read with the command's database closed (the embedded one admits one process). */
  async function stored(): Promise<Array<Record<string, unknown>>> {
    const schema = schemaOf(await discoverModules());
    const url = place.env.DATABASE_URL;
    const db = await Database.open(url ? { kind: 'server', url } : { kind: 'embedded', dataDir: place.env.DATA_DIR! }, schema);
    try {
      return await query(
        db.orm,
        `select u.username, c.kind, c.catalogue_id, c.action, c.comment, to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as at
           from contribution c join app_user u on u.id = c.user_id order by c.at, c.catalogue_id`,
      );
    } finally {
      await db.close();
    }
  }

  before(async () => {
    place = await commandPlace('spindle-contribution-');
    const small = (name: string) => path.join(REPO_ROOT, 'test/fixtures/dumps/small', name);
    const imported = await spindle('import', small('artists.xml'), small('labels.xml'), small('releases.xml'));
    expect(imported.code, imported.stderr).to.equal(0);
    for (const name of ['Editor', 'second']) {
      const added = await spindle('user', 'add', name, '--email', `${name}@example.com`, '--password', 'secret password');
      expect(added.code, added.stderr).to.equal(0);
    }
  });
  after(() => fs.rmSync(place.dir, { recursive: true, force: true }));

  it('records an edit, or with --submitted a submission, now or at the time given, with a comment', async () => {
    const edit = await runSpindle(place, ['contribution', 'add', 'editor', 'release', '2']);
    expect(edit.code, edit.stderr).to.equal(0);
    expect(edit.stdout).to.match(/^Recorded: editor edited release 2 at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\.\n$/);

    const submitted = await spindle('contribution', 'add', 'Editor', 'Release', '1', '--submitted', '--comment', 'From my copy', '--at', '2020-05-01T12:00:00Z');
    expect(submitted.code, submitted.stderr).to.equal(0);
    expect(submitted.stdout).to.equal('Recorded: Editor submitted release 1 at 2020-05-01T12:00:00.000Z.\n');
    const artist = await spindle('contribution', 'add', 'second', 'artist', '1', '--at', '2021-01-01T00:00:00Z');
    expect(artist.code, artist.stderr).to.equal(0);

    const rows = await stored();
    expect(rows.slice(0, 2)).to.deep.equal([
      { username: 'Editor', kind: 'release', catalogue_id: 1, action: 'submitted', comment: 'From my copy', at: '2020-05-01T12:00:00' },
      { username: 'second', kind: 'artist', catalogue_id: 1, action: 'edited', comment: '', at: '2021-01-01T00:00:00' },
    ]);
    expect(rows[2]).to.include({ username: 'Editor', kind: 'release', catalogue_id: 2, action: 'edited' });
  });

  it('refuses with exit status 2 and one line saying why, recording nothing', async () => {
    const before = await stored();
    const refusals: Array<[string[], string]> = [
      [['nobody', 'release', '1'], 'There is no user "nobody".'],
      [['Editor', 'release', '999999'], 'Release not found.'],
      [['Editor', 'track', '1'], 'The kind must be one of artist, label, master, release, got "track".'],
      [['Editor', 'release', 'one'], 'The catalogue id must be a whole number, got "one".'],
      [['Editor', 'release', '0'], 'The catalogue id must be a whole number from 1 to 2147483647, got 0.'],
      [['Editor', 'release', '1', '--at', 'yesterday'], '--at must be a time such as 2024-05-01T12:00:00Z, got "yesterday".'],
      [['second', 'release', '1', '--submitted'], 'Release 1 has a submitter already; record an edit instead.'],
    ];
    for (const [args, message] of refusals) {
      const run = await spindle('contribution', 'add', ...args);
      expect([run.code, run.stderr.trim(), run.stdout], args.join(' ')).to.deep.equal([2, message, '']);
    }
    expect(await stored()).to.deep.equal(before);
  });
});

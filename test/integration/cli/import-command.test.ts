import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { discoverSchemas } from '../../../composition/modules.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { commandPlace, runSpindle, runSpindleInProcess, type CommandPlace, type Run } from '../../support/spindle-cli.js';

/**
 * `spindle migrate` and `spindle import …` as an operator runs them: they open the database from the modules' schema
 * files alone, so the process loads the import path and none of the HTTP side (which a loader hook records).
 */
/** Module files of the HTTP side: its adapters and composition, a module's bindings file, Koa. */
const HTTP_SIDE = /\/(adapters|composition)\/http\/|\/composition\/[\w-]+\/[\w-]+-module\.js$|\/node_modules\/koa\//;

describe('spindle import and spindle migrate (the commands, end to end)', function () {
  this.timeout(180_000);
  let place: CommandPlace;
  let loaded: string;

  const small = (name: string) => path.join(REPO_ROOT, 'test/fixtures/dumps/small', name);

  /** Runs `spindle ARGS…` with a module loader hook that writes every module URL the process loads to `loaded`. */
  const spindle = (...args: string[]): Promise<Run> => {
    fs.rmSync(loaded, { force: true });
    const hook = pathToFileURL(path.join(place.dir, 'record-loads.mjs')).href;
    return runSpindle({ ...place, env: { ...place.env, NODE_OPTIONS: `--import=${hook}` } }, args);
  };
  const loadedModules = (): string[] => fs.readFileSync(loaded, 'utf8').trim().split('\n');

  before(async () => {
    place = await commandPlace('spindle-import-command-');
    loaded = path.join(place.dir, 'loaded.txt');
    fs.writeFileSync(
      path.join(place.dir, 'resolve-hook.mjs'),
      `import fs from 'node:fs';\n` +
        `export async function resolve(specifier, context, next) {\n` +
        `  const found = await next(specifier, context);\n` +
        `  fs.appendFileSync(${JSON.stringify(loaded)}, found.url + '\\n');\n` +
        `  return found;\n` +
        `}\n`,
    );
    fs.writeFileSync(
      path.join(place.dir, 'record-loads.mjs'),
      `import { register } from 'node:module';\nregister('./resolve-hook.mjs', import.meta.url);\n`,
    );
  });
  after(() => fs.rmSync(place.dir, { recursive: true, force: true }));

  async function count(table: string): Promise<number> {
    const url = place.env.DATABASE_URL;
    const db = await Database.open(url ? { kind: 'server', url } : { kind: 'embedded', dataDir: place.env.DATA_DIR! }, await discoverSchemas());
    try {
      const [row] = await query<{ n: number }>(db.orm, `select count(*)::int as n from ${table}`);
      return row!.n;
    } finally {
      await db.close();
    }
  }

  it('migrates the database, loading the schema files and no module of the HTTP side', async () => {
    const migrated = await spindle('migrate');
    expect(migrated.code, migrated.stderr).to.equal(0);
    expect(migrated.stdout).to.equal('The database is up to date.\n');
    const modules = loadedModules();
    expect(modules.some((u) => u.endsWith('/composition/catalogue/catalogue-schema.js'))).to.equal(true);
    expect(modules.filter((u) => HTTP_SIDE.test(u))).to.deep.equal([]);
  });

  it('imports dump files, loading the import path and no module of the HTTP side', async () => {
    const imported = await spindle('import', small('artists.xml'), small('labels.xml'), small('releases.xml'));
    expect(imported.code, imported.stderr).to.equal(0);
    // (A summary line per file, each followed by the warning that its name has no dump date.)
    const lines = imported.stdout.trim().split('\n').filter((l) => !l.startsWith('  warning: '));
    expect(lines).to.have.length(3);
    expect(lines[2]).to.match(/^releases\.xml: \d+ releases in [\d.]+ s \([\d,]+\/s\): \d+ new, 0 changed, 0 unchanged$/);
    const releases = Number(/^releases\.xml: (\d+) releases/.exec(lines[2]!)![1]);
    expect(releases).to.be.greaterThan(0);
    expect(await count('release')).to.equal(releases);

    const modules = loadedModules();
    expect(modules.some((u) => u.endsWith('/adapters/catalogue/dump/xml-dump-reader.js'))).to.equal(true);
    expect(modules.filter((u) => HTTP_SIDE.test(u))).to.deep.equal([]);
  });

  it('parses on the worker threads --workers gives (0: on the importing thread), to the same rows either way', async () => {
    // The releases again, parsed on the importing thread, then on one worker: each compares what it encodes with the
    // rows the default import above wrote, so "0 changed" says all three encode every release alike.
    for (const workers of ['0', '1']) {
      const run = await runSpindleInProcess(place, ['import', '--restart', '--workers', workers, small('releases.xml')]);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.match(/^releases\.xml: (\d+) releases in [\d.]+ s \([\d,]+\/s\): 0 new, 0 changed, \1 unchanged$/m);
    }
    const refused = await runSpindleInProcess(place, ['import', '--workers', 'two', small('releases.xml')]);
    expect(refused.code).to.not.equal(0);
    expect(refused.stderr).to.include("option '--workers <threads>' argument 'two' is invalid. a whole number of threads, 0 to 64");
  });

  it('says what is wrong with a file it cannot import, and imports nothing of it', async () => {
    const before = await count('label');
    const failed = await runSpindleInProcess(place, ['import', 'no-such-labels.xml']);
    expect(failed.code).to.equal(2);
    expect(failed.stderr.trim()).to.match(/no-such-labels\.xml does not exist$/);
    expect(await count('label')).to.equal(before);
  });
});

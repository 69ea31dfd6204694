import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { REPO_ROOT } from '../../support/repo-root.js';
import { openTestDatabase } from '../../support/test-database.js';

const run = promisify(execFile);
/** The embedding programs, written as a user of the installed package writes them (outside the repository's build). */
const PROGRAMS = path.join(REPO_ROOT, 'test/integration/package/programs');
/** The project's own TypeScript checks the programs against the installed declarations. */
const TSC = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
const ROOT_PACKAGE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/** A new project's settings as a user of the package writes them: ESM, NodeNext, strict. */
const tsconfig = (skipLibCheck: boolean) => ({
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    skipLibCheck,
    outDir: 'build',
    rootDir: 'src',
  },
  include: ['src'],
});

const seconds = (since: number): string => ((Date.now() - since) / 1000).toFixed(1);

/**
 * The library as other Node services get it (docs/adr/0037-package.md): `npm pack` of the built tree, the tarball
 * installed into a fresh project (its dependencies from the npm cache, none of Spindle's devDependencies), and two
 * embedding programs type-checked against the installed declarations and run: one on the embedded database, one on
 * the memory storage family (no database at all), one on the PostgreSQL server of DATABASE_URL.
 */
describe('The packed library, installed into a new project', function () {
  this.timeout(600_000);
  let dir: string;
  let project: string;
  let packed: string[];

  before(async function () {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-package-'));
    let started = Date.now();
    // (The suite runs on a fresh build; `npm pack` without --ignore-scripts builds first, through `prepack`.)
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO_ROOT });
    const [pack] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
    packed = pack!.files.map((f) => f.path);
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
    console.log(`      npm pack: ${mb(pack!.size)} MB packed, ${mb(pack!.unpackedSize)} MB unpacked, ${packed.length} files, ${seconds(started)} s`);

    project = path.join(dir, 'app');
    fs.mkdirSync(path.join(project, 'src'), { recursive: true });
    const dependencies = { spindle: `file:${path.join(dir, pack!.filename)}` };
    const devDependencies = { '@types/node': ROOT_PACKAGE.devDependencies['@types/node'] };
    const manifest = { name: 'embedding-app', private: true, type: 'module', dependencies, devDependencies };
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify(manifest, null, 2));
    fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig(true), null, 2));
    for (const file of fs.readdirSync(PROGRAMS)) fs.copyFileSync(path.join(PROGRAMS, file), path.join(project, 'src', file));
    started = Date.now();
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project });
    console.log(`      npm install of the tarball: ${seconds(started)} s`);
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ships the compiled library with its declarations, the demo data and the OpenAPI document; no tests, benches or sources', () => {
    expect(packed).to.include.members([
      'package.json',
      'README.md',
      'dist/composition/index.js',
      'dist/composition/index.d.ts',
      'dist/composition/cli.js',
      'dist/application/catalogue/index.d.ts',
      'dist/adapters/catalogue/dump/dump-piece-worker.js',
      'docs/openapi.yaml',
      'composition/demo-data/discogs_20200806_releases.xml.gz',
      'composition/demo-data/currency-rates.csv',
    ]);
    const unwanted = packed.filter((f) => /^dist\/(test|bench)\//.test(f) || f.endsWith('.map') || f.endsWith('.tsbuildinfo') || /(?<!\.d)\.ts$/.test(f));
    expect(unwanted).to.deep.equal([]);
    // tsc leaves the output of a deleted source in dist/ (a stale *-module.js would even be loaded as a module):
    // `prepack` builds from an empty dist/; this pack, from the suite's build, must have none either.
    const stale = packed.filter((f) => /^dist\/.*\.js$/.test(f) && !fs.existsSync(path.join(REPO_ROOT, f.slice('dist/'.length).replace(/\.js$/, '.ts'))));
    expect(stale).to.deep.equal([]);
  });

  it('resolves every entry point through the exports map, refuses deep imports, and installs the spindle command', async () => {
    const entries = ['spindle', 'spindle/application'];
    for (const area of ['domain', 'application', 'adapters']) {
      for (const name of fs.readdirSync(path.join(project, 'node_modules/spindle/dist', area))) {
        if (fs.existsSync(path.join(project, 'node_modules/spindle/dist', area, name, 'index.js'))) entries.push(`spindle/${area}/${name}`);
      }
    }
    expect(entries).to.include.members(['spindle/domain/marketplace', 'spindle/application/ports', 'spindle/adapters/in-memory', 'spindle/adapters/persistence']);
    // (Some entry points hold types alone, such as spindle/application/jobs: importing them is all there is to check.)
    const script = `for (const e of ${JSON.stringify(entries)}) await import(e);
      await import('spindle/dist/composition/spindle.js').then(() => { throw new Error('a deep import resolved'); }, (err) => { if (err.code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw err; });
      console.log('ok');`;
    const { stdout } = await run('node', ['--input-type=module', '-e', script], { cwd: project });
    expect(stdout.trim()).to.equal('ok');
    const help = await run(path.join(project, 'node_modules/.bin/spindle'), ['--help'], { cwd: project });
    expect(help.stdout).to.match(/serve/);
  });

  it('type-checks the programs against the installed declarations (tsc, NodeNext), with no error in those declarations', async () => {
    await run('node', [TSC, '-p', '.'], { cwd: project });
    expect(fs.readdirSync(path.join(project, 'build')).sort()).to.deep.equal(['embedded.js', 'memory.js', 'postgres.js']);
    // Without skipLibCheck every declaration the programs reach is checked too: Spindle's own must have no error and
    // name only types its dependencies bring (PGlite's need the DOM library and Emscripten's types: not ours).
    fs.writeFileSync(path.join(project, 'tsconfig.strict.json'), JSON.stringify(tsconfig(false), null, 2));
    const strict = await run('node', [TSC, '-p', 'tsconfig.strict.json', '--noEmit'], { cwd: project }).then(
      () => '',
      (err: { stdout: string }) => err.stdout,
    );
    const ours = strict.split('\n').filter((line) => /error TS/.test(line) && !line.startsWith('node_modules/@electric-sql/pglite/'));
    expect(ours).to.deep.equal([]);
  });

  it('runs the program on the embedded database (PGlite): a dump import and reads without HTTP, then the server once', async () => {
    const dataDir = path.join(dir, 'data');
    const started = Date.now();
    const { stdout } = await run('node', ['build/embedded.js', dataDir], { cwd: project });
    console.log(`      embedded program: ${seconds(started)} s`);
    expect(stdout.trim().split('\n')).to.deep.equal([
      'imported 1000 artists',
      'imported 1000 releases',
      'artist 1: The Persuader',
      'release 1 in EUR, Stockholm',
      'unknown release: Release not found.',
      '19.99 EUR is 3279 JPY',
      'GET /releases/1: 200 Stockholm',
      'GET /openapi.yaml: 200 an OpenAPI document',
    ]);
  });

  it('runs the program on the memory storage family, with no database: dump imports, a user and a list, then the server on the same storage', async () => {
    const started = Date.now();
    const { stdout } = await run('node', ['build/memory.js'], { cwd: project });
    console.log(`      memory program: ${seconds(started)} s`);
    expect(stdout.trim().split('\n')).to.deep.equal([
      'storage: memory, database: none',
      'imported 1000 artists',
      'imported 1000 releases',
      'release 1: Stockholm',
      'unknown release: Release not found.',
      'list Kept in memory: public true',
      'a nameless list: A list needs a name.',
      'GET /releases/1: 200 Stockholm',
      'GET /s/embedder/lists: 200 Kept in memory',
    ]);
  });

  it("runs the README's embedding examples as written, each printing what its comments say", async () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Embedding\n'), readme.indexOf('\n## ', readme.indexOf('\n## Embedding\n') + 1));
    const examples = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(examples).to.have.length(3);
    const examplesDir = path.join(project, 'readme');
    fs.mkdirSync(examplesDir);
    for (const [i, code] of examples.entries()) {
      const said = [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1]!.trim());
      fs.writeFileSync(path.join(examplesDir, `example-${i + 1}.mjs`), code);
      const { stdout } = await run('node', [`example-${i + 1}.mjs`], { cwd: examplesDir });
      expect(stdout.trim().split('\n'), `README embedding example ${i + 1}`).to.deep.equal(said);
    }
  });

  it('runs the program on PostgreSQL: a dump import and reads without HTTP, then the server once', async function () {
    const url = process.env.DATABASE_URL;
    if (!url) {
      console.log('      Skipping the PostgreSQL program: it needs a PostgreSQL server (set DATABASE_URL).');
      this.skip();
    }
    await (await openTestDatabase()).close(); // an empty, migrated database, as every suite on the server starts from
    const started = Date.now();
    const { stdout } = await run('node', ['build/postgres.js'], { cwd: project, env: { ...process.env, DATABASE_URL: url } });
    console.log(`      PostgreSQL program: ${seconds(started)} s`);
    expect(stdout.trim().split('\n')).to.deep.equal([
      'database: server',
      'imported 1000 labels',
      'label 1: Planet E',
      'unknown label: Label not found.',
      'GET /labels/1: 200 Planet E',
    ]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Command } from 'commander';
import request from 'supertest';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock.js';
import { InMemoryUnitOfWork } from '../../../adapters/in-memory/in-memory-unit-of-work.js';
import { createPinoLogger } from '../../../adapters/logging/pino-logger.js';
import { Invalid } from '../../../application/errors.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { discoverCommands, discoverModules } from '../../../composition/modules.js';
import { openSpindle, type Spindle } from '../../../composition/spindle.js';
import { InMemoryWishRepository } from '../../fixtures/add-a-module/adapters/in-memory/in-memory-wish-repository.js';
import { AddWish } from '../../fixtures/add-a-module/application/wishes/add-wish.js';
import { ListWishes } from '../../fixtures/add-a-module/application/wishes/list-wishes.js';
import { WISHES } from '../../fixtures/add-a-module/composition/wishes/wishes-tokens.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { AGENT, testConfig } from '../../support/test-app.js';

/** The module the recipe builds, as written (`test/fixtures/add-a-module/`) and as compiled with the tests. */
const SOURCE = path.join(REPO_ROOT, 'test', 'fixtures', 'add-a-module');
const COMPILED = path.join(REPO_ROOT, 'dist', 'test', 'fixtures', 'add-a-module');

/**
 * The files the recipe ("How to add a module" in docs/architecture.md) says to create: the backticked paths of its
 * table's first column, a bare file name standing in the folder of the path before it, `<timestamp>` any digits.
 * The test files it names are left out (this test is the module's test).
 */
function recipeFiles(architecture: string): string[] {
  const section = architecture.split('### How to add a module')[1]?.split(/\n## /)[0];
  if (!section) throw new Error('docs/architecture.md has no "How to add a module" section');
  const files: string[] = [];
  for (const line of section.split('\n')) {
    const cell = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (!cell) continue;
    let folder = '';
    for (const [, name] of cell.matchAll(/`([^`]+)`/g)) {
      if (name!.includes('/')) folder = path.posix.dirname(name!);
      const file = name!.includes('/') ? name! : `${folder}/${name}`;
      if (/\.ts$/.test(file) && !/[*…]/.test(file) && !file.startsWith('test/')) files.push(file);
    }
  }
  return files;
}

/** Whether the fixture has the file a recipe path names (`<timestamp>` matching a migration's digits). */
function fixtureHas(file: string): boolean {
  if (!file.includes('<timestamp>')) return fs.existsSync(path.join(SOURCE, file));
  const pattern = new RegExp(`^${path.posix.basename(file).replace('<timestamp>', '\\d{14}').replace('.', '\\.')}$`);
  const dir = path.join(SOURCE, path.posix.dirname(file));
  return fs.existsSync(dir) && fs.readdirSync(dir).some((f) => pattern.test(f));
}

function fixtureFiles(dir = SOURCE): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? fixtureFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.relative(SOURCE, path.join(dir, e.name)).split(path.sep).join('/')] : [],
  );
}

describe('the "add a module" recipe, followed once (test/fixtures/add-a-module)', function () {
  this.timeout(120_000);

  it('names every file of the module, and the module has every file it names', () => {
    const named = recipeFiles(fs.readFileSync(path.join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8'));
    expect(named.length).to.be.greaterThan(10);
    expect(named.filter((f) => !fixtureHas(f)), 'named by the recipe, missing from the fixture').to.deep.equal([]);
    const unnamed = fixtureFiles().filter((f) => !named.some((n) => n === f || (n.includes('<timestamp>') && path.posix.dirname(n) === path.posix.dirname(f) && !f.endsWith('index.ts'))));
    expect(unnamed, 'in the fixture, not named by the recipe').to.deep.equal([]);
  });

  it('is found by its folder and plugged into openSpindle beside every module; its routes answer over HTTP and its use cases directly', async () => {
    const own = await discoverModules(path.join(COMPILED, 'composition'));
    expect(own.map((m) => m.name)).to.deep.equal(['wishes']);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-add-a-module-'));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
    // The list openSpindle would find by itself, and the new module beside it: no central file names it.
    const modules = [...(await discoverModules()), ...own];
    let spindle: Spindle | undefined;
    try {
      spindle = await openSpindle(testConfig(env), createPinoLogger('silent'), { modules });
      const http = spindle.container.get(HTTP.HttpApp).callback();
      const post = (body: unknown) => request(http).post('/wishes').set('User-Agent', AGENT).send(body as object);

      const created = await post({ title: ' Blue Train ' });
      expect(created.status).to.equal(201);
      expect(created.body).to.include({ title: 'Blue Train', resource_url: `https://api.spindle.test/wishes/${created.body.id}` });

      const direct = await spindle.container.get(WISHES.AddWish).execute({ title: 'Kind of Blue' });
      expect(direct.id).to.be.greaterThan(created.body.id);
      const listed = await request(http).get('/wishes').set('User-Agent', AGENT);
      expect(listed.status).to.equal(200);
      expect(listed.body.wishes.map((w: { title: string }) => w.title)).to.deep.equal(['Blue Train', 'Kind of Blue']);
      expect((await spindle.container.get(WISHES.ListWishes).execute()).map((w) => w.id)).to.deep.equal([created.body.id, direct.id]);

      // Its command, found from its commands file, runs its use case in the container.
      const commands = await discoverCommands(path.join(COMPILED, 'composition'));
      expect(commands.map((c) => c.module)).to.deep.equal(['wishes']);
      const program = new Command().exitOverride();
      const opened = spindle;
      const printed: string[] = [];
      commands[0]!.register(program, {
        io: { env: {}, cwd: COMPILED, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
        print: (line) => void printed.push(line),
        config: () => opened.config,
        withContainer: (work) => work(opened.container),
        withDatabase: (work) => work(opened.db!),
      });
      await program.parseAsync(['wish', 'A Love Supreme'], { from: 'user' });
      expect(printed).to.deep.equal([`wish ${direct.id + 1}: A Love Supreme`]);

      // Its refusals go through the one error table; the middleware every route gets applies to it too.
      expect(await post({ title: '  ' }).then((r) => [r.status, r.body])).to.deep.equal([422, { message: 'The title is required.' }]);
      expect(await post({ title: 5 }).then((r) => [r.status, r.body])).to.deep.equal([422, { message: 'The title must be a string.' }]);
      expect((await request(http).get('/wishes')).status).to.equal(403);
      const limited = await request(http).get('/wishes').set('User-Agent', AGENT);
      expect(limited.headers).to.have.property('x-service-ratelimit');
      // The modules already there answer as before.
      expect((await request(http).get('/releases/999999999').set('User-Agent', AGENT)).status).to.equal(404);
    } finally {
      await spindle?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs, HTTP included, on the memory storage family with no database: its own memory family beside every module\'s', async () => {
    const modules = [...(await discoverModules()), ...(await discoverModules(path.join(COMPILED, 'composition')))];
    const spindle = await openSpindle(testConfig({ DATA_DIR: '/nonexistent' }), createPinoLogger('silent'), { modules, storage: 'memory' });
    try {
      expect([spindle.storage, spindle.db]).to.deep.equal(['memory', undefined]);
      const http = spindle.container.get(HTTP.HttpApp).callback();
      const created = await request(http).post('/wishes').set('User-Agent', AGENT).send({ title: 'Moanin' });
      expect(created.status, created.text).to.equal(201);
      const listed = await request(http).get('/wishes').set('User-Agent', AGENT);
      expect(listed.body.wishes.map((w: { title: string }) => w.title)).to.deep.equal(['Moanin']);
    } finally {
      await spindle.close();
    }
  });

  it('runs its use cases on the in-memory adapters, with no database', async () => {
    const uow = new InMemoryUnitOfWork();
    const wishes = new InMemoryWishRepository(uow);
    const addWish = new AddWish(wishes, uow, new FixedClock('2026-12-07T06:00:00Z'));
    const added = await addWish.execute({ title: 'Giant Steps' });
    expect(added).to.deep.equal({ id: 1, title: 'Giant Steps', createdAt: new Date('2026-12-07T06:00:00Z') });
    let refused: unknown;
    await addWish.execute({ title: 'x'.repeat(201) }).catch((err: unknown) => (refused = err));
    expect(refused).to.be.instanceOf(Invalid);
    expect(await new ListWishes(wishes).execute()).to.deep.equal([added]);
  });

  it('edits no central file: nothing outside the fixture and this test names the module', () => {
    const mentions: string[] = [];
    const scan = (dir: string): void => {
      for (const e of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) scan(rel);
        else if (e.name.endsWith('.ts') && /\bwishes\b|WISHES|add-a-module/.test(fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8'))) mentions.push(rel);
      }
    };
    for (const layer of ['domain', 'application', 'adapters', 'composition']) scan(layer);
    expect(mentions).to.deep.equal([]);
  });
});

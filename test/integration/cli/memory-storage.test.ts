import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { AGENT } from '../../support/test-app.js';
import { exited, runSpindleInProcess, serveSpindle } from '../../support/spindle-cli.js';

describe('STORAGE=memory from the command line: `spindle serve --demo` with no database, other commands refused', function () {
  this.timeout(180_000);

  it('serves the demo data from memory (catalogue, accounts, lists, listings) and opens no database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-memory-serve-'));
    // No DATABASE_URL, and nothing in the data folder but the demo accounts' file: no database is opened or made.
    const dataDir = path.join(dir, 'data');
    const served = await serveSpindle({ STORAGE: 'memory', DATABASE_URL: '', DATA_DIR: dataDir, IMAGE_DIR: path.join(dir, 'images'), FILE_DIR: path.join(dir, 'files') }, (out) => out.includes('"listening"'), ['--demo']);
    try {
      const get = (p: string) => fetch(`${served.url}${p}`, { headers: { 'User-Agent': AGENT } });
      const release = await get('/releases/1');
      expect(release.status).to.equal(200);
      expect(((await release.json()) as { title: string }).title).to.equal('Stockholm');
      const lists = (await (await get('/s/demo-seller/lists')).json()) as { lists: unknown[] };
      expect(lists.lists.length).to.be.greaterThan(0);
      const inventory = (await (await get('/s/demo-seller/inventory')).json()) as { listings: unknown[] };
      expect(inventory.listings.length).to.be.greaterThan(0);
      expect(served.output()).to.match(/"storage":"memory","database":"none"/);
      // Ready with no database: the memory storage has nothing that can be away.
      const ready = await get('/readyz');
      expect(ready.status).to.equal(200);
      expect(((await ready.json()) as { not_ready: string[] }).not_ready).to.deep.equal([]);
      expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [], 'no database in the data folder').to.deep.equal(['demo-accounts.txt']);
    } finally {
      served.child.kill('SIGTERM');
      await exited(served.child);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a command that reads or changes what is stored (exit 2), naming the way out', async () => {
    // An empty scratch folder rather than a migrated database: the command is refused before it opens any (and a
    // `seed` that ran would make the embedded one, or fill the server's, and end 0).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-memory-command-'));
    const dataDir = path.join(dir, 'data');
    try {
      const run = await runSpindleInProcess({ dir, env: { ...process.env, STORAGE: 'memory', DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }, ['seed']);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.include('STORAGE=memory keeps nothing beyond one process: only `spindle serve` runs in memory; this command needs STORAGE=sql');
      expect(fs.existsSync(dataDir), 'a data folder made').to.equal(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryFileStore } from '../../adapters/in-memory/in-memory-file-store.js';
import { FolderFileStore } from '../../adapters/system/folder-file-store.js';
import type { FileStore } from '../../application/ports/file-store.js';
import { rejection } from '../support/rejection.js';

async function* pieces(...texts: string[]): AsyncIterable<Uint8Array> {
  for (const t of texts) yield Buffer.from(t);
}

async function* failingAfter(text: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(text);
  throw new Error('the source failed');
}

async function read(store: FileStore, key: string): Promise<string | null> {
  const file = await store.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.bytes) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

interface Harness {
  readonly store: FileStore;
  /** Writes a file whose modified time is `at`. */
  writeAt(key: string, text: string, at: Date): Promise<void>;
  close(): Promise<void>;
}

/** The same expectations of every FileStore: whole files by key, confined keys, removal by age within one folder. */
function contract(name: string, open: () => Promise<Harness>): void {
  describe(`FileStore contract: ${name}`, () => {
    let h: Harness;
    beforeEach(async () => (h = await open()));
    afterEach(() => h.close());

    it('writes a file from pieces and reads it back with its size; a missing file is null', async () => {
      const info = await h.store.write('inventory-export/1.csv', pieces('a,b\r\n', '1,2\r\n', 'ü'));
      expect(info.size).to.equal(Buffer.byteLength('a,b\r\n1,2\r\nü'));
      expect(await read(h.store, 'inventory-export/1.csv')).to.equal('a,b\r\n1,2\r\nü');
      expect((await h.store.open('inventory-export/1.csv'))!.size).to.equal(info.size);
      expect((await h.store.info('inventory-export/1.csv'))!.size).to.equal(info.size);
      expect(await h.store.open('inventory-export/2.csv')).to.equal(null);
      expect(await h.store.info('inventory-export/2.csv')).to.equal(null);
    });

    it('replaces a file written again, and writes an empty one', async () => {
      await h.store.write('x/f.csv', pieces('first'));
      await h.store.write('x/f.csv', pieces('second'));
      expect(await read(h.store, 'x/f.csv')).to.equal('second');
      await h.store.write('x/empty.csv', pieces());
      expect(await read(h.store, 'x/empty.csv')).to.equal('');
    });

    it('keeps the last complete file when a write fails midway', async () => {
      await h.store.write('x/f.csv', pieces('complete'));
      expect((await rejection(h.store.write('x/f.csv', failingAfter('half')))).message).to.equal('the source failed');
      expect(await read(h.store, 'x/f.csv')).to.equal('complete');
      await rejection(h.store.write('x/new.csv', failingAfter('half')));
      expect(await h.store.open('x/new.csv')).to.equal(null);
    });

    for (const key of ['../escape.csv', 'a/../../b.csv', '/etc/passwd', 'a\\b.csv', '', '.hidden', 'a//b', 'a/', 'a/./b']) {
      it(`refuses the key ${JSON.stringify(key)}`, async () => {
        expect((await rejection(h.store.write(key, pieces('x')))).message).to.match(/not a file key/);
        expect((await rejection(h.store.open(key))).message).to.match(/not a file key/);
        expect((await rejection(h.store.remove(key))).message).to.match(/not a file key/);
      });
    }

    it('removes a file once; removing a missing one is false', async () => {
      await h.store.write('x/f.csv', pieces('x'));
      expect(await h.store.remove('x/f.csv')).to.equal(true);
      expect(await h.store.remove('x/f.csv')).to.equal(false);
      expect(await h.store.open('x/f.csv')).to.equal(null);
    });

    it('removes the files of one folder last written before an instant, and nothing else', async () => {
      const old = new Date('2026-01-01T00:00:00Z');
      const recent = new Date('2026-01-10T00:00:00Z');
      await h.writeAt('exports/1.csv', 'old', old);
      await h.writeAt('exports/2.csv', 'recent', recent);
      await h.writeAt('exports/sub/3.csv', 'old, below the folder', old);
      await h.writeAt('uploads/4.csv', 'old, another folder', old);
      expect(await h.store.removeOlderThan('exports', new Date('2026-01-05T00:00:00Z'))).to.deep.equal(['exports/1.csv']);
      expect(await h.store.open('exports/1.csv')).to.equal(null);
      for (const key of ['exports/2.csv', 'exports/sub/3.csv', 'uploads/4.csv']) expect(await h.store.info(key), key).to.not.equal(null);
      expect(await h.store.removeOlderThan('nothing-here', recent)).to.deep.equal([]);
    });
  });
}

contract('FolderFileStore', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-files-'));
  const store = new FolderFileStore(folder);
  return {
    store,
    async writeAt(key, text, at) {
      await store.write(key, pieces(text));
      fs.utimesSync(path.join(folder, key), at, at);
    },
    async close() {
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
});

contract('InMemoryFileStore', async () => {
  const clock = new FixedClock('2026-02-01T00:00:00Z');
  const store = new InMemoryFileStore(clock);
  return {
    store,
    async writeAt(key, text, at) {
      const now = clock.now();
      clock.set(at);
      await store.write(key, pieces(text));
      clock.set(now);
    },
    async close() {},
  };
});

describe('FolderFileStore', () => {
  it('leaves no temporary file behind after a failed write, and sweeps one a killed process left', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-files-'));
    try {
      const store = new FolderFileStore(folder);
      await rejection(store.write('exports/1.csv', failingAfter('half')));
      expect(fs.readdirSync(path.join(folder, 'exports'))).to.deep.equal([]);
      const left = path.join(folder, 'exports', '2.csv.0123456789abcdef.part');
      fs.writeFileSync(left, 'half written');
      const old = new Date('2026-01-01T00:00:00Z');
      fs.utimesSync(left, old, old);
      expect(await store.removeOlderThan('exports', new Date('2026-01-02T00:00:00Z'))).to.deep.equal(['exports/2.csv.0123456789abcdef.part']);
      expect(fs.readdirSync(path.join(folder, 'exports'))).to.deep.equal([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XmlDumpReader } from '../../adapters/catalogue/dump/xml-dump-reader.js';
import type { DumpKind, DumpRecordOf } from '../../application/ports/dump-reader.js';
import { REPO_ROOT } from './repo-root.js';
import { demoDataFiles } from '../../composition/catalogue/catalogue-import.js';

export { REPO_ROOT };

export const SINGLE = path.join(REPO_ROOT, 'test/fixtures/dumps/single-records');
export const SMALL = path.join(REPO_ROOT, 'test/fixtures/dumps/small');
export const DEMO = path.join(REPO_ROOT, 'composition/demo-data');

export function demo(kind: DumpKind): string {
  return path.join(DEMO, `discogs_20200806_${kind}.xml.gz`);
}

/** The demo files of a kind in the order the demo import takes them: the sample, then what is derived from the samples. */
export function demoFiles(kind: DumpKind): string[] {
  return demoDataFiles().filter((f) => path.basename(f) === `discogs_20200806_${kind}.xml.gz`);
}

/** Reads every record of a dump file. */
export async function readDump<K extends DumpKind>(
  file: string,
  kind: K,
  batchSize = 100,
): Promise<DumpRecordOf[K][]> {
  const dump = await new XmlDumpReader({ batchSize }).open(file);
  try {
    if (dump.kind !== kind) throw new Error(`${file} is a ${dump.kind} dump, not ${kind}`);
    const out: DumpRecordOf[K][] = [];
    for await (const batch of dump.batches()) out.push(...(batch.records as DumpRecordOf[K][]));
    return out;
  } finally {
    await dump.close();
  }
}

/** A scratch folder for one test file's generated dumps, removed by `cleanup`. */
export class Scratch {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-dump-test-'));

  write(name: string, content: string | Buffer): string {
    const file = path.join(this.dir, name);
    fs.writeFileSync(file, content);
    return file;
  }

  cleanup(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/*
 * The import's pack of a release document template (ADR 0066, "Later: the packing's import CPU"), on the templates of
 * the 1,000 sample releases: `deflateRawSync` making a stream per template against the one kept stream the import
 * packs through (`packReleaseDocument`), and, for scale, `deflateRawSync` without the dictionary. Rounds alternate the
 * ways; each packs every template --passes times. Prints per way the median CPU µs a pack (this process, all its
 * threads, GC included), the garbage collections a round (by kind) and the external memory V8 counts at its end.
 *
 *   node dist/bench/release-document-pack.js [--rounds 7] [--passes 5]
 */
import zlib from 'node:zlib';
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import { Command } from 'commander';
import {
  packReleaseDocument,
  packReleaseDocumentAlone,
  packsThroughKeptStream,
} from '../adapters/persistence/catalogue/release-document-packing.js';
import { sampleTemplates } from './sample-release-templates.js';

const program = new Command()
  .option('--rounds <n>', 'timed rounds of each way', (v) => Number(v), 7)
  .option('--passes <n>', 'packs of every template a round', (v) => Number(v), 5)
  .parse();
const opts = program.opts<{ rounds: number; passes: number }>();

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

interface Way {
  readonly name: string;
  pack(utf8: Buffer): Uint8Array;
  readonly cpu: number[];
  readonly minorGcs: number[];
  readonly majorGcs: number[];
  readonly externalMb: number[];
}

const way = (name: string, pack: (utf8: Buffer) => Uint8Array): Way => ({ name, pack, cpu: [], minorGcs: [], majorGcs: [], externalMb: [] });

let minor = 0;
let major = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
    if (kind === perf.NODE_PERFORMANCE_GC_MINOR) minor++;
    else major++;
  }
});
observer.observe({ entryTypes: ['gc'] });

/** Lets the observer hear of the collections so far. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

async function main(): Promise<void> {
  const templates = await sampleTemplates();
  if (!packsThroughKeptStream()) throw new Error('this Node gives no kept stream: packReleaseDocument falls back to deflateRawSync');
  const ways = [
    way('deflateRawSync, a stream per template (before)', packReleaseDocumentAlone),
    way('one kept stream, reset per template (after)', packReleaseDocument),
    way('deflateRawSync without the dictionary (for scale)', (d) => zlib.deflateRawSync(d, { level: 6 })),
  ];
  const packs = templates.length * opts.passes;
  for (let round = 0; round < opts.rounds; round++) {
    for (const w of ways) {
      global.gc?.();
      await settled();
      [minor, major] = [0, 0];
      const t = process.cpuUsage();
      for (let p = 0; p < opts.passes; p++) for (const d of templates) w.pack(d);
      const used = process.cpuUsage(t);
      w.externalMb.push(process.memoryUsage().external / 2 ** 20);
      await settled();
      w.cpu.push((used.user + used.system) / packs);
      w.minorGcs.push(minor);
      w.majorGcs.push(major);
    }
  }
  observer.disconnect();
  console.log(`${templates.length} templates × ${opts.passes} a round, ${opts.rounds} rounds; medians\n`);
  for (const w of ways) {
    console.log(
      `${w.name.padEnd(52)} ${median(w.cpu).toFixed(1).padStart(6)} µs a pack   GCs a round ${String(median(w.minorGcs)).padStart(4)} minor ${String(median(w.majorGcs)).padStart(3)} major   external ${median(w.externalMb).toFixed(0).padStart(4)} MB`,
    );
  }
}

await main();

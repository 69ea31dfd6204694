/*
 * The codecs measured for the packed release document (ADR 0066), on the templates of the 1,000 sample releases
 * (composition/demo-data): raw deflate at several levels, brotli, and raw deflate with a preset dictionary picked
 * greedily from the even samples' templates and measured on the odd ones (held out). Prints the average packed
 * bytes and the CPU µs to pack and to unpack one template (medians of rounds, this process's CPU time).
 *
 *   node dist/bench/release-document-codecs.js [--dictionary-bytes 16384] [--write-dictionary FILE] [--rounds 5]
 *
 * The dictionary of format 1 (adapters/persistence/catalogue/release-document-dictionary-1.ts) is what this picks
 * with --dictionary-bytes 16384.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { Command } from 'commander';
import { RELEASE_DOCUMENT_DICTIONARY_1 } from '../adapters/persistence/catalogue/release-document-dictionary-1.js';
import { sampleTemplates } from './sample-release-templates.js';

const program = new Command()
  .option('--dictionary-bytes <n>', 'the most bytes the picked dictionary may hold', (v) => Number(v), 16_384)
  .option('--write-dictionary <file>', 'write the picked dictionary to this file')
  .option('--rounds <n>', 'timed rounds of each codec', (v) => Number(v), 5)
  .parse();
const opts = program.opts<{ dictionaryBytes: number; writeDictionary?: string; rounds: number }>();

const average = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

/**
 * Templates added one at a time, each the one that most shrinks a fifth of the training set packed against the
 * dictionary so far, until the next would not fit `limit` or none helps. The first picked stays at the end (deflate
 * reaches the end of a dictionary most cheaply).
 */
function pickDictionary(training: Buffer[], limit: number): Buffer {
  const evaluation = training.filter((_, i) => i % 5 === 0);
  const candidates = training.filter((d, i) => i % 4 === 0 && d.length > 1_500 && d.length < 6_000);
  const size = (dictionary: Buffer) => average(evaluation.map((d) => zlib.deflateRawSync(d, { level: 9, dictionary }).length));
  let dictionary: Buffer = Buffer.alloc(0);
  let best = Infinity;
  for (;;) {
    let pick: Buffer | null = null;
    for (const c of candidates) {
      if (dictionary.length + c.length > limit) continue;
      const tried = Buffer.concat([c, dictionary]);
      const s = size(tried);
      if (s < best) [best, pick] = [s, tried];
    }
    if (pick === null) return dictionary;
    dictionary = pick;
  }
}

interface Codec {
  readonly name: string;
  pack(d: Buffer): Buffer;
  unpack(z: Buffer): Buffer;
}

const deflate = (level: number, dictionary?: Buffer, name = `deflate (raw), level ${level}`): Codec => ({
  name,
  pack: (d) => zlib.deflateRawSync(d, dictionary ? { level, dictionary } : { level }),
  unpack: (z) => zlib.inflateRawSync(z, dictionary ? { dictionary } : {}),
});
const brotli = (quality: number): Codec => ({
  name: `brotli, quality ${quality}`,
  pack: (d) =>
    zlib.brotliCompressSync(d, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_LGWIN]: 16, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: d.length },
    }),
  unpack: (z) => zlib.brotliDecompressSync(z),
});

async function main(): Promise<void> {
  const templates = await sampleTemplates();
  const training = templates.filter((_, i) => i % 2 === 0);
  const heldOut = templates.filter((_, i) => i % 2 === 1);
  const picked = pickDictionary(training, opts.dictionaryBytes);
  if (opts.writeDictionary) fs.writeFileSync(opts.writeDictionary, picked);
  const codecs: Codec[] = [
    deflate(6),
    deflate(9),
    brotli(5),
    brotli(9),
    deflate(6, picked, `deflate (raw), level 6, dictionary picked now (${picked.length} bytes)`),
    deflate(1, RELEASE_DOCUMENT_DICTIONARY_1, 'deflate (raw), level 1, dictionary 1'),
    deflate(6, RELEASE_DOCUMENT_DICTIONARY_1, 'deflate (raw), level 6, dictionary 1 (format 1)'),
    deflate(9, RELEASE_DOCUMENT_DICTIONARY_1, 'deflate (raw), level 9, dictionary 1'),
  ];
  console.log(`${heldOut.length} held-out templates, ${average(heldOut.map((d) => d.length)).toFixed(0)} bytes on average\n`);
  const rows = codecs.map((c) => ({ c, bytes: average(heldOut.map((d) => c.pack(d).length)), pack: [] as number[], unpack: [] as number[] }));
  for (let round = 0; round < opts.rounds; round++) {
    for (const row of rows) {
      let t = process.cpuUsage();
      const packed = heldOut.map((d) => row.c.pack(d));
      let used = process.cpuUsage(t);
      row.pack.push((used.user + used.system) / heldOut.length);
      t = process.cpuUsage();
      for (let k = 0; k < 4; k++) for (const z of packed) row.c.unpack(z);
      used = process.cpuUsage(t);
      row.unpack.push((used.user + used.system) / heldOut.length / 4);
    }
  }
  for (const row of rows) {
    console.log(
      `${row.c.name.padEnd(56)} ${row.bytes.toFixed(0).padStart(5)} bytes  pack ${median(row.pack).toFixed(1).padStart(6)} µs  unpack ${median(row.unpack).toFixed(1).padStart(5)} µs`,
    );
  }
}

await main();

import { BinaryCopyBuffer } from '../catalogue/binary-copy-buffer.js';
import type { SqlImportChannel } from '../catalogue/sql-import-channel.js';
import { SEARCH_POSTING_COLUMNS } from './posting-accumulator.js';
import { BLOCK_SIZE, decodePostings, encodePostings, MAX_POSTING_BYTES, noPostings, sortPostings } from '../../../application/search/posting-codec.js';

/**
 * Compacts one block of ids of one kind inside an import's transaction: the rows the block held before the import
 * (`search_posting`) lose the postings of the ids the import wrote again (`rewritten`, bits by id within the block:
 * their new postings are in the import's rows), the import's rows of the block (staged in `import_posting`) join
 * them, and one row per token is written back in their place, with the grades its postings have (`grades`, what a
 * search bounds the block's scores by; so compaction also fills the column of rows written before it existed). So a record re-imported is found by its new words
 * only, and a block keeps one row per token however often it is imported.
 */
export async function compactBlock(
  channel: SqlImportChannel,
  kind: number,
  block: number,
  rewritten: Uint32Array | undefined,
  parts: { readonly rows: number; readonly bytes: number } = { rows: 2000, bytes: 4 << 20 },
): Promise<void> {
  // The block's rows are read a few thousand at a time, ordered by token, and each token's row written as soon as its
  // rows are read, so that memory holds one token's postings and a few megabytes of rows whatever the block holds.
  const cursor = `compact_${kind}_${block}`;
  await channel.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT token, postings, staged FROM (` +
      `SELECT token, postings, false AS staged FROM search_posting WHERE kind = ${kind} AND block = ${block} ` +
      `UNION ALL SELECT token, postings, true AS staged FROM import_posting WHERE kind = ${kind} AND block = ${block}` +
      `) r ORDER BY token COLLATE "C"`,
  );
  // (Cursors are insensitive: the rows deleted here stay the cursor's to read.)
  await channel.query(`DELETE FROM search_posting WHERE kind = ${kind} AND block = ${block}`);
  const first = block * BLOCK_SIZE;
  const list = noPostings();
  const out = new BinaryCopyBuffer(1 << 16);
  let scratch = new Uint8Array(1 << 12);
  let token: string | undefined;
  const writeToken = (): void => {
    if (token === undefined) return;
    sortPostings(list);
    if (list.length > 0) {
      if (scratch.length < list.length * MAX_POSTING_BYTES) scratch = new Uint8Array(list.length * MAX_POSTING_BYTES);
      const bytes = encodePostings(block, list.ids, list.grades, 0, list.length, scratch, 0);
      let grades = 0;
      for (let i = 0; i < list.length; i++) grades |= 1 << list.grades[i]!;
      out.row(7).int2(kind).text(token).int4(block).int4(0).int4(list.length).bytea(scratch, 0, bytes).int2(grades);
    }
    list.length = 0;
  };
  for (;;) {
    const rows = await channel.query(`FETCH ${parts.rows} FROM ${cursor}`);
    for (const row of rows) {
      const t = String(row.token);
      if (t !== token) {
        writeToken();
        token = t;
      }
      const from = list.length;
      decodePostings(block, row.postings as Uint8Array, list);
      if (row.staged !== true && rewritten) {
        // The old postings of the ids written again are dropped.
        let kept = from;
        for (let i = from; i < list.length; i++) {
          const at = list.ids[i]! - first;
          if ((rewritten[at >>> 5]! & (1 << (at & 31))) !== 0) continue;
          list.ids[kept] = list.ids[i]!;
          list.grades[kept] = list.grades[i]!;
          kept++;
        }
        list.length = kept;
      }
    }
    if (rows.length < parts.rows) break;
    if (out.byteLength >= parts.bytes) {
      await channel.copy('search_posting', SEARCH_POSTING_COLUMNS, out.chunks());
      out.clear();
    }
  }
  writeToken();
  await channel.query(`CLOSE ${cursor}`);
  if (out.rowCount > 0) await channel.copy('search_posting', SEARCH_POSTING_COLUMNS, out.chunks());
}

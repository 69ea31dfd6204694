/*
 * Top-k search against the exhaustive evaluation, side by side (ADR 0053): the same questions asked of two
 * `SqlCatalogueSearch`es on one database, one that skips the blocks that cannot reach the page and one that matches
 * every record (`exhaustive`), in turn question by question (so that the load of the machine touches both alike), in
 * process (no HTTP: the evaluation and its reads only). Every answer of the one is checked equal to the other's.
 *
 *   node dist/bench/search-top-k.js --postgres URL [--rounds 100] [--warmup 10] [--popular 0]
 *
 * The database is one `bench/search-bench.ts` built (`--postgres`, its name containing "bench"). Pages must be equal;
 * a count the top-k evaluation estimated (ADR 0062) is printed beside the exact one, as a ratio. `--popular F` first
 * gives a fraction F of the releases a popularity (1 to 1,000, skewed; written into `search_popularity`, see
 * `makePopular`), so that the order's second key is not flat, as in a real catalogue.
 */
import { Command } from 'commander';
import { SqlCatalogueSearch } from '../adapters/persistence/search/sql-catalogue-search.js';
import { Porter2Stemmer } from '../adapters/persistence/search/porter2-stemmer.js';
import type { SearchCriteria } from '../application/ports/catalogue-search.js';
import { KIND_CODES } from '../application/search/posting-codec.js';
import { assertBenchDatabase } from './bench-database.js';
import { interleavedRounds, withBenchSpindle } from './interleaved-rounds.js';
import { withClient } from './bench-processes.js';

const opts = new Command()
  .requiredOption('--postgres <url>', 'the benchmark database (built by search-bench.ts; its name contains "bench")')
  .option('--rounds <n>', 'measured rounds of each kind of question', (v) => Number(v), 100)
  .option('--warmup <n>', 'rounds before measuring', (v) => Number(v), 10)
  .option('--popular <fraction>', 'give this fraction of the releases popularity first (0: leave as is)', (v) => Number(v), 0)
  .option('--deep-page <n>', 'the page of the deep-page questions (50 a page)', (v) => Number(v), 200)
  .option('--check-only', 'only compare the answers and count the postings read (no timed rounds)')
  .option('--only <kinds>', 'comma-separated names of the kinds of question to run (as printed), e.g. "two common words,genre + year"')
  .parse()
  .opts<{ postgres: string; rounds: number; warmup: number; popular: number; deepPage: number; only?: string; checkOnly?: boolean }>();

const PER_PAGE = 50;

interface Question {
  readonly criteria: SearchCriteria;
  readonly page: number;
}

/** The kinds of question, drawn from the index: its commonest words, rare words, pairs, genres and years. */
async function questions(url: string): Promise<Record<string, Question[]>> {
  return withClient(url, async (c) => {
    const stemmer = new Porter2Stemmer();
    // Words that are their own stem (so the stem is a question that finds the token), by how many releases hold them.
    const words = (
      await c.query<{ token: string; n: number }>(
        `select token, sum(n)::int as n from search_posting where kind = ${KIND_CODES.release} and token like 'w:%'
          and token ~ '^w:[a-z]{4,}$' group by token order by 2 desc`,
      )
    ).rows.filter((r) => stemmer.token(r.token.slice(2)) === r.token);
    const common = words.slice(0, 10).map((r) => r.token.slice(2));
    // (The synthetic dumps repeat their 1,000 sample records, so a rare word is held by about 1 in 1,000 releases.)
    const rare = words.slice(-10).map((r) => r.token.slice(2));
    const field = async (prefix: string) =>
      (
        await c.query<{ token: string }>(
          `select token from search_posting where kind = ${KIND_CODES.release} and token like $1 group by token order by sum(n) desc limit 5`,
          [`${prefix}%`],
        )
      ).rows.map((r) => r.token.slice(prefix.length));
    const genres = await field('gn:');
    const years = await field('yr:');
    const formats = await field('fm:');
    const countries = await field('co:');
    const artists = await field('ar:');
    const q = (text: string, page = 1): Question => ({ criteria: { text, fields: {} }, page });
    console.log(
      `common words: ${common.join(', ')}; rare: ${rare.join(', ')}; genres: ${genres.join(', ')}; years: ${years.join(', ')}; ` +
        `formats: ${formats.join(', ')}; countries: ${countries.join(', ')}; artist words: ${artists.join(', ')}`,
    );
    const pair = (i: number): string => `${common[i % common.length]!} ${common[(i + 1) % common.length]!}`;
    return {
      'one common word': common.map((w) => q(w)),
      'one common word, releases': common.map((w) => ({ criteria: { text: w, kind: 'release', fields: {} }, page: 1 })),
      'rare word': rare.map((w) => q(w)),
      'two common words': common.map((_, i) => q(pair(i))),
      'three common words': common.map((w, i) => q(`${pair(i)} ${common[(i + 3) % common.length]!}`)),
      'two common words, page 20': common.map((_, i) => q(pair(i), 20)),
      'common word + genre': common.map((w, i) => ({ criteria: { text: w, fields: { genre: genres[i % genres.length]! } }, page: 1 })),
      'common word + year': common.map((w, i) => ({ criteria: { text: w, fields: { year: years[i % years.length]! } }, page: 1 })),
      'title (two common words)': common.map((_, i) => ({ criteria: { title: pair(i), fields: {} }, page: 1 })),
      'genre alone': genres.map((g) => ({ criteria: { fields: { genre: g } }, page: 1 })),
      'artist field alone': artists.map((a) => ({ criteria: { fields: { artist: a } }, page: 1 })),
      'genre + year': genres.map((g, i) => ({ criteria: { fields: { genre: g, year: years[i % years.length]! } }, page: 1 })),
      'format + country': formats.map((f, i) => ({ criteria: { fields: { format: f, country: countries[i % countries.length]! } }, page: 1 })),
      'common word, page 20': common.map((w) => q(w, 20)),
      [`common word, page ${opts.deepPage}`]: common.map((w) => q(w, opts.deepPage)),
    };
  });
}

/**
 * Popularity for a fraction of the releases, 1 to 1,000, most of them small, written straight into
 * `search_popularity` (what the search orders by; the trigger that keeps it from `num_have` rewrites a block's 64 KB
 * row per release changed, minutes for a few hundred thousand releases): a release's from a hash of its id, so that
 * every run gives the same catalogue.
 */
async function makePopular(url: string, fraction: number): Promise<void> {
  const t0 = performance.now();
  await withClient(url, (c) =>
    c.query(
      `insert into search_popularity (kind, block, pops)
       select ${KIND_CODES.release}, b, array(
                select case when abs(hashint4(b * 16384 + o)) % 1000000 < $1::float8 * 1000000
                            then 1 + floor(1000 * power((abs(hashint4(b * 16384 + o + 7)) % 1000000) / 1000000.0, 4))::int else 0 end
                  from generate_series(0, 16383) o order by o)
         from (select distinct id >> 14 as b from release) blocks
       on conflict (kind, block) do update set pops = excluded.pops`,
      [fraction],
    ),
  );
  console.log(`popularity given to ${fraction * 100} % of the releases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  assertBenchDatabase(opts.postgres);
  if (opts.popular > 0) await makePopular(opts.postgres, opts.popular);
  const only = opts.only?.split(',').map((k) => k.trim());
  const kinds = Object.fromEntries(Object.entries(await questions(opts.postgres)).filter(([kind]) => !only || only.includes(kind)));
  await withBenchSpindle({ postgres: opts.postgres, rounds: opts.rounds, warmup: opts.warmup }, 'search-top-k', async (spindle) => {
    const orm = spindle.db!.orm;
    // The postings each reads (every stream decoded), counted in the first pass: the work, whatever the machine's load.
    const read = { topK: 0, exhaustive: 0 };
    const topK = new SqlCatalogueSearch(orm, { timeoutMs: 60_000, onPostings: (n) => (read.topK += n) });
    const exhaustive = new SqlCatalogueSearch(orm, { timeoutMs: 60_000, exhaustive: true, onPostings: (n) => (read.exhaustive += n) });
    // The answers agree, question by question (ids in order, and the count unless the top-k one is an estimate).
    for (const [kind, list] of Object.entries(kinds)) {
      const totals: number[] = [];
      const ratios: number[] = [];
      read.topK = read.exhaustive = 0;
      // CPU of this process (the evaluation, pg's protocol, the page's results), which the machine's load moves less
      // than wall time: each question asked once more of each, after the first (warm) answers.
      const cpu = { topK: 0, exhaustive: 0 };
      const cpuOf = async <T>(into: 'topK' | 'exhaustive', ask: () => Promise<T>): Promise<T> => {
        const before = process.cpuUsage();
        const out = await ask();
        const used = process.cpuUsage(before);
        cpu[into] += (used.user + used.system) / 1000;
        return out;
      };
      for (const question of list) {
        const request = { page: question.page, perPage: PER_PAGE };
        const [a, b] = [await topK.search(question.criteria, request), await exhaustive.search(question.criteria, request)];
        const seen = { ...read };
        await cpuOf('topK', () => topK.search(question.criteria, request));
        await cpuOf('exhaustive', () => exhaustive.search(question.criteria, request));
        Object.assign(read, seen);
        const ids = (p: typeof a, total: number) => `${total}: ${p.items.map((h) => `${h.kind}:${h.id}`).join(' ')}`;
        if (ids(a, a.estimated ? b.total : a.total) !== ids(b, b.total)) {
          throw new Error(`${kind} ${JSON.stringify(question)}: top-k ${ids(a, a.total)}\nexhaustive ${ids(b, b.total)}`);
        }
        if (a.estimated) ratios.push(a.total / b.total);
        totals.push(b.total);
      }
      totals.sort((x, y) => x - y);
      ratios.sort((x, y) => x - y);
      const estimates =
        ratios.length === 0
          ? 'every count exact'
          : `${ratios.length} counts estimated, estimate / exact ${ratios[0]!.toFixed(3)}–${ratios[ratios.length - 1]!.toFixed(3)} (median ${ratios[ratios.length >> 1]!.toFixed(3)})`;
      const mean = (n: number) => Math.round(n / Math.max(1, list.length)).toLocaleString('en-US');
      console.log(
        `${kind}: ${list.length} questions, the same pages from both; items, median ${totals[totals.length >> 1] ?? 0}; ${estimates}; ` +
          `postings read per question, mean: exhaustive ${mean(read.exhaustive)}, top-k ${mean(read.topK)}; ` +
          `CPU ms per question, mean: exhaustive ${(cpu.exhaustive / list.length).toFixed(1)}, top-k ${(cpu.topK / list.length).toFixed(1)}`,
      );
    }
    if (opts.checkOnly) return;
    console.log(`| question | exhaustive p50 / p95 ms | top-k p50 / p95 ms |`);
    console.log(`|---|---:|---:|`);
    for (const [kind, list] of Object.entries(kinds)) {
      if (list.length === 0) continue;
      const ask = (search: SqlCatalogueSearch) => (round: number) => {
        const question = list[round % list.length]!;
        return search.search(question.criteria, { page: question.page, perPage: PER_PAGE });
      };
      const figures = await interleavedRounds(
        { rounds: opts.rounds, warmup: opts.warmup },
        { exhaustive: ask(exhaustive), topK: ask(topK) },
      );
      const f = (x: { p50: number; p95: number }) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
      console.log(`| ${kind} | ${f(figures.exhaustive!)} | ${f(figures.topK!)} |`);
    }
  });
}

await main();

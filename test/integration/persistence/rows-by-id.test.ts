import { expect } from 'chai';
import pg from 'pg';
import { RowsById, type RowsByIdStatement } from '../../../adapters/persistence/rows-by-id.js';

interface Row {
  readonly id: number;
  readonly twice: number;
}

/** Rows made from the ids themselves (no table): every id but 13 has one; id 66 makes the statement fail. */
const STATEMENT: RowsByIdStatement = {
  name: 'spindle_test_rows_by_id',
  text: 'select g as id, case when g = 66 then 1 / (g - 66) else g * 2 end as twice from unnest($1::int4[]) g where g <> 13',
};

const url = process.env.DATABASE_URL;

(url ? describe : describe.skip)('RowsById: reads by id joined into one statement (PostgreSQL; set DATABASE_URL)', () => {
  let pool: pg.Pool;
  /** The ids each statement was given, in order. */
  let statements: number[][];
  /** The pool as RowsById sees it, counting the statements it sends. */
  let counted: pg.Pool;

  before(() => {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    counted = {
      query: (config: pg.QueryConfig<[number[]]>) => {
        statements.push([...config.values![0]]);
        return pool.query(config);
      },
    } as unknown as pg.Pool;
  });
  beforeEach(() => (statements = []));
  after(() => pool.end());

  it('reads the ids asked for in one turn with one statement, each caller getting its own row', async () => {
    const rows = new RowsById<Row>(counted, STATEMENT);
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const read = await Promise.all(ids.map((id) => rows.load(id)));
    expect(statements).to.have.length(1);
    expect([...statements[0]!].sort((a, b) => a - b)).to.deep.equal(ids);
    read.forEach((row, i) => {
      if (ids[i] === 13) expect(row).to.equal(undefined);
      else expect(row).to.deep.equal({ id: ids[i], twice: ids[i]! * 2 });
    });
  });

  it('reads an id asked for twice once, and gives it to both', async () => {
    const rows = new RowsById<Row>(counted, STATEMENT);
    const [a, b, c] = await Promise.all([rows.load(7), rows.load(7), rows.load(8)]);
    expect(statements).to.deep.equal([[7, 8]]);
    expect(a).to.deep.equal({ id: 7, twice: 14 });
    expect(b).to.equal(a);
    expect(c).to.deep.equal({ id: 8, twice: 16 });
  });

  it('answers a read alone, and reads asked for in later turns in statements of their own', async () => {
    const rows = new RowsById<Row>(counted, STATEMENT);
    expect(await rows.load(5)).to.deep.equal({ id: 5, twice: 10 });
    expect(await rows.load(13)).to.equal(undefined);
    expect(statements).to.deep.equal([[5], [13]]);
  });

  it('sends at most maxBatch ids in a statement', async () => {
    const rows = new RowsById<Row>(counted, STATEMENT, { maxBatch: 100, maxInFlight: 10 });
    const ids = Array.from({ length: 250 }, (_, i) => i + 1000);
    const read = await Promise.all(ids.map((id) => rows.load(id)));
    expect(statements.map((s) => s.length)).to.deep.equal([100, 100, 50]);
    expect(read.map((r) => r?.twice)).to.deep.equal(ids.map((id) => id * 2));
  });

  it('while maxInFlight statements run, gathers the ids asked for and sends them together when one ends', async () => {
    const rows = new RowsById<Row>(counted, STATEMENT, { maxInFlight: 1 });
    const first = rows.load(1);
    // The first statement goes out at the end of this turn; the reads of the next turns wait for it to end.
    await new Promise((resolve) => setImmediate(resolve));
    const later: Promise<Row | undefined>[] = [];
    for (let turn = 0; turn < 3; turn++) {
      later.push(rows.load(100 + turn), rows.load(200 + turn));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const read = await Promise.all([first, ...later]);
    expect(read.map((r) => r?.id)).to.deep.equal([1, 100, 200, 101, 201, 102, 202]);
    expect(statements[0]).to.deep.equal([1]);
    expect(statements.slice(1).flat().sort((a, b) => a - b)).to.deep.equal([100, 101, 102, 200, 201, 202]);
    expect(statements.length).to.be.below(4);
  });

  it('fails every read of a failed statement, and reads on afterwards', async () => {
    const rows = new RowsById<Row>(counted, STATEMENT);
    const results = await Promise.allSettled([rows.load(65), rows.load(66)]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).to.match(/division by zero/);
    expect(await rows.load(65)).to.deep.equal({ id: 65, twice: 130 });
  });
});

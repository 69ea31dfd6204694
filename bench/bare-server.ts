/*
 * The read benchmark's baseline: the least a server can do to answer GET /releases/{id} from Spindle's database —
 * node:http, one pg.Pool, one named prepared statement, the stored document sent as it is stored (json columns are
 * not parsed): the release's document template (`packed_document`, unpacked: about the size of the API document, its
 * slots left unfilled), or the older forms of a row written before (the template as text, the compact document).
 * Anything else is a 404.
 *
 *   DATABASE_URL=postgres://… PORT=3001 node dist/bench/bare-server.js [--pool 10]
 */
import http from 'node:http';
import pg from 'pg';
import { unpackReleaseDocument } from '../adapters/persistence/catalogue/release-document-packing.js';

const JSON_OID = 114;
const MAX_ID = 2 ** 31 - 1;

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const poolArg = process.argv.indexOf('--pool');
const pool = new pg.Pool({
  connectionString: url,
  // As many connections as Spindle's pool (MikroORM/knex: 10).
  max: poolArg > 0 ? Number(process.argv[poolArg + 1]) : 10,
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === JSON_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  },
});

const NOT_FOUND = JSON.stringify({ message: 'Release not found.' });

function send(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const m = req.method === 'GET' ? /^\/releases\/(\d{1,10})$/.exec(req.url ?? '') : null;
  const id = m ? Number(m[1]) : 0;
  if (id < 1 || id > MAX_ID) return send(res, 404, NOT_FOUND);
  pool.query<{ packed: Buffer | null; data: string }>({
    name: 'release',
    text: 'select packed_document as packed, coalesce(document, data::text) as data from release where id = $1',
    values: [id],
  }).then(
    ({ rows }) => {
      const row = rows[0];
      if (!row) return send(res, 404, NOT_FOUND);
      send(res, 200, row.packed === null ? row.data : unpackReleaseDocument(row.packed));
    },
    (err: unknown) => {
      console.error(err);
      send(res, 500, JSON.stringify({ message: 'Internal server error' }));
    },
  );
});
server.keepAliveTimeout = 5_000;

const port = Number(process.env.PORT ?? 3001);
server.listen(port, process.env.HOST ?? '127.0.0.1', () => {
  console.log(`bare server listening on http://127.0.0.1:${port}`);
});

function stop(): void {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

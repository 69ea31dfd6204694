import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { answerProblem, describeRequest, hostileRequests, openFuzzWorld, routeTable, sendHostile, serverOf } from '../support/hostile-requests.js';
import { loadTestModules } from '../support/test-app.js';

/*
 * The long run of the fuzz test (`npm run fuzz`): the same requests and the same verdict as
 * test/integration/http/fuzz.test.ts, for FUZZ_SECONDS (default 300) or FUZZ_RUNS requests, from FUZZ_SEED (random by
 * default; printed, so a run can be replayed). Every failure is kept with its request, and the report (counts by
 * status and by route, the failures) goes to stdout and to FUZZ_REPORT (default fuzz-report.txt). Exits 1 on a failure.
 */
const seconds = Number(process.env.FUZZ_SECONDS ?? 300);
const runs = Number(process.env.FUZZ_RUNS ?? 10_000_000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const reportPath = process.env.FUZZ_REPORT ?? 'fuzz-report.txt';

await loadTestModules();
const world = await openFuzzWorld();
const { routes, webPage } = routeTable(world.container);
const server = await serverOf(world.app);
const byStatus = new Map<number, number>();
const byRoute = new Map<string, Map<number, number>>();
const failures: string[] = [];
const started = Date.now();
let sent = 0;

const count = <K>(map: Map<K, number>, key: K): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

const result = await fc.check(
  fc.asyncProperty(hostileRequests(routes, world.parties), async (r) => {
    const res = await sendHostile(server, r, world.parties);
    sent += 1;
    count(byStatus, res.status);
    const route = `${r.route.method} ${r.route.path}`;
    if (!byRoute.has(route)) byRoute.set(route, new Map());
    count(byRoute.get(route)!, res.status);
    const path = r.path.split('?')[0]!;
    const problem = answerProblem(res, path, webPage(path, r.headers.Accept ?? r.headers.accept));
    // Kept rather than thrown: the run goes on, so one failure does not hide the next.
    if (problem) failures.push(`${problem}\n    ${describeRequest(r)}\n    (seed ${seed}, request ${sent})`);
  }),
  { seed, numRuns: runs, plugins: [fc.interruptAfterTimeLimit(seconds * 1000)] },
);

const elapsed = (Date.now() - started) / 1000;
const statuses = (m: Map<number, number>): string => [...m].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
const lines = [
  `Fuzz run: ${sent} requests in ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(0)}/s), seed ${seed}, ${routes.length} routes`,
  `Database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded (PGlite)'}`,
  `Stopped: ${result.interrupted ? 'time limit' : 'run count'}`,
  '',
  `By status: ${statuses(byStatus)}`,
  '',
  'By route:',
  ...[...byRoute].sort(([a], [b]) => a.localeCompare(b)).map(([route, m]) => `  ${route.padEnd(60)} ${statuses(m)}`),
  '',
  `Failures: ${failures.length}`,
  ...failures.slice(0, 200).map((f) => `  ${f}`),
];
const report = `${lines.join('\n')}\n`;
process.stdout.write(report);
writeFileSync(reportPath, report);
await new Promise((resolve) => server.close(resolve));
await world.close();
process.exit(failures.length > 0 ? 1 : 0);

import type { Server } from 'node:http';
import { expect } from 'chai';
import fc from 'fast-check';
import type { MatrixWorld } from '../../support/authorization-matrix.js';
import { answerProblem, hostileRequests, openFuzzWorld, routeTable, sendHostile, serverOf, type TableRoute } from '../../support/hostile-requests.js';

/** How many requests CI sends, and from which seed (`FUZZ_SEED` replays another); `npm run fuzz` sends many more. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 30);

describe('Fuzz: hostile requests to every route, as every kind of caller', function () {
  this.timeout(300_000);
  let world: MatrixWorld;
  let routes: TableRoute[];
  let webPage: (path: string, accept?: string) => boolean;
  let server: Server;

  before(async () => {
    world = await openFuzzWorld();
    ({ routes, webPage } = routeTable(world.container));
    server = await serverOf(world.app);
  });
  after(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await world?.close();
  });

  it('reads the routes from the router table', () => {
    expect(routes.length).to.be.greaterThan(80);
    expect(routes.map((r) => `${r.method} ${r.path}`)).to.include.members(['GET /releases/:id', 'POST /signin', 'PUT /s/:name/wants/:release']);
  });

  it(`answers ${RUNS} hostile requests without a 5xx, API errors as {"message": string}`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequests(routes, world.parties), async (r) => {
        const res = await sendHostile(server, r, world.parties);
        const path = r.path.split('?')[0]!;
        const problem = answerProblem(res, path, webPage(path, r.headers.Accept ?? r.headers.accept));
        if (problem) throw new Error(problem);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.FUZZ_SHRINK !== 'true' },
    );
  });
});

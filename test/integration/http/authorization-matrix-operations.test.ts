import { expect } from 'chai';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';

/**
 * The operator's endpoints answer every caller alike (ADR 0045): the probes to anyone, whatever credentials they bear;
 * `/metrics` to nobody on the public port unless the operator configured it, and never to the API's credentials.
 */
const ROWS: readonly MatrixRow[] = [
  { method: 'GET', path: '/healthz', status: everyone(200), check: (_who, body) => expect(body).to.deep.equal({ status: 'ok' }) },
  { method: 'GET', path: '/readyz', status: everyone(200), check: (_who, body) => expect((body as { status: string }).status).to.equal('ready') },
  { method: 'GET', path: '/metrics', status: everyone(404) },
];

describe('Authorization matrix: the operator endpoints', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    // A server process runs its job worker once it listens; the matrix's container starts none of its own.
    world.container.get(JOBS.Worker).start();
  });
  after(async () => {
    await world.container.get(JOBS.Worker).stop();
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});

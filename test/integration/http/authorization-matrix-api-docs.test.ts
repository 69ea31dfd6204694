import { expect } from 'chai';
import { authorizationMatrix, everyone, openMatrix, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';

/** The API's description and its page are public: every kind of caller reads the same (ADR 0031). */
const ROWS: readonly MatrixRow[] = [
  { method: 'GET', path: '/openapi.yaml', status: everyone(200) },
  { method: 'GET', path: '/openapi.json', status: everyone(200), check: (_who, body) => expect((body as { openapi: string }).openapi).to.match(/^3\.1\./) },
  { method: 'GET', path: '/docs', status: everyone(200) },
  { method: 'GET', path: '/docs/redoc.standalone.js', status: everyone(200) },
];

describe('Authorization matrix: the API description', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});

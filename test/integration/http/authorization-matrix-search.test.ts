import { expect } from 'chai';
import { CONTRIBUTIONS } from '../../../composition/contributions/contributions-tokens.js';
import { authorizationMatrix, openMatrix, type CallerKind, type MatrixParties, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';

/** Search needs credentials of any kind: an application's key and secret are enough. */
const CREDENTIALS: Record<CallerKind, number> = { anonymous: 401, application: 200, 'another user': 200, owner: 200 };
const email = (p: MatrixParties) => `${p.owner.name}@example.test`;
const found = (body: unknown): string[] => (body as { results: Array<{ type: string; id: number }> }).results.map((r) => `${r.type} ${r.id}`);

/**
 * Database search, as each kind of caller: the same public catalogue results for every caller with credentials,
 * nothing for anonymous callers, no user's private data in any result. On the matrix world, the owner submitted
 * release 10 and edited release 11; the other user edited release 10.
 */
const ROWS: readonly MatrixRow[] = [
  {
    method: 'GET',
    path: '/database/search?q=matrix+artist&type=release',
    status: CREDENTIALS,
    privateTo: [{ text: email, visibleTo: [] }],
    check: (who, body) => {
      if (who !== 'anonymous') expect(found(body)).to.deep.equal(['release 10', 'release 11']);
    },
  },
  {
    method: 'GET',
    path: (p) => `/database/search?submitter=${p.owner.name}`,
    status: CREDENTIALS,
    check: (who, body) => {
      if (who !== 'anonymous') expect(found(body)).to.deep.equal(['release 10']);
    },
  },
  {
    method: 'GET',
    path: (p) => `/database/search?contributor=${p.other.name}&label=matrix+label`,
    status: CREDENTIALS,
    check: (who, body) => {
      if (who !== 'anonymous') expect(found(body)).to.deep.equal(['release 10']);
    },
  },
  { method: 'GET', path: '/database/search?type=nothing', status: { ...CREDENTIALS, application: 422, 'another user': 422, owner: 422 } },
  { method: 'POST', path: '/database/search', body: { q: 'matrix' }, status: { anonymous: 405, application: 405, 'another user': 405, owner: 405 } },
];

describe('Authorization matrix: database search', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const record = world.container.get(CONTRIBUTIONS.RecordContribution);
    const { owner, other } = world.parties;
    await record.execute({ user: owner.name, kind: 'release', catalogueId: 10, action: 'submitted' });
    await record.execute({ user: owner.name, kind: 'release', catalogueId: 11, action: 'edited' });
    await record.execute({ user: other.name, kind: 'release', catalogueId: 10, action: 'edited' });
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});

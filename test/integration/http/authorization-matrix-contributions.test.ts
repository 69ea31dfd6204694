import { expect } from 'chai';
import { CONTRIBUTIONS } from '../../../composition/contributions/contributions-tokens.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixParties, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';

/** The owner's email: it has no place in these public lists, for anyone (the owner included). */
const email = (p: MatrixParties) => `${p.owner.name}@example.test`;
const ids = (list: unknown): number[] => (list as Array<{ id: number }>).map((r) => r.id);

/**
 * Submissions and contributions, as each kind of caller: public lists, the same for everyone; an unknown user is a
 * 404 for everyone; a body sent to these read-only URLs is a 405. On the matrix world, the owner submitted artist 1
 * and release 10 and edited label 7 and release 11 (twice); the other user edited release 10.
 */
const ROWS: readonly MatrixRow[] = [
  {
    method: 'GET',
    path: (p) => `/s/${p.owner.name}/submissions`,
    status: everyone(200),
    privateTo: [{ text: email, visibleTo: [] }],
    check: (_who, body) => {
      const { submissions, pagination } = body as { submissions: Record<string, unknown>; pagination: { items: number } };
      expect([ids(submissions.artists), ids(submissions.labels), ids(submissions.releases), pagination.items]).to.deep.equal([[1], [], [10], 2]);
    },
  },
  {
    method: 'GET',
    path: (p) => `/users/${p.owner.name}/contributions?sort=year&sort_order=desc`,
    status: everyone(200),
    privateTo: [{ text: email, visibleTo: [] }],
    check: (_who, body) => {
      const { contributions, pagination } = body as { contributions: unknown; pagination: { items: number } };
      expect([ids(contributions).sort(), pagination.items]).to.deep.equal([[10, 11], 2]);
    },
  },
  {
    method: 'GET',
    path: (p) => `/s/${p.other.name}/contributions`,
    status: everyone(200),
    privateTo: [{ text: email, visibleTo: [] }, { text: (p) => `${p.other.name}@example.test`, visibleTo: [] }],
    check: (_who, body) => expect(ids((body as { contributions: unknown }).contributions)).to.deep.equal([10]),
  },
  { method: 'GET', path: '/s/matrix-nobody/submissions', status: everyone(404) },
  { method: 'GET', path: '/s/matrix-nobody/contributions', status: everyone(404) },
  { method: 'POST', path: (p) => `/s/${p.owner.name}/contributions`, body: { sort: 'year' }, status: everyone(405) },
  { method: 'DELETE', path: (p) => `/s/${p.owner.name}/submissions`, status: everyone(405) },
  // The profile counts the distinct releases the owner contributed, for everyone alike.
  {
    method: 'GET',
    path: (p) => `/s/${p.owner.name}`,
    status: everyone(200),
    privateTo: [{ text: email, visibleTo: ['owner'] }],
    check: (_who, body) => expect((body as { releases_contributed: number }).releases_contributed).to.equal(2),
  },
];

describe('Authorization matrix: submissions and contributions', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const record = world.container.get(CONTRIBUTIONS.RecordContribution);
    const { owner, other } = world.parties;
    for (const [user, kind, catalogueId, action] of [
      [owner.name, 'artist', 1, 'submitted'],
      [owner.name, 'release', 10, 'submitted'],
      [owner.name, 'label', 7, 'edited'],
      [owner.name, 'release', 11, 'edited'],
      [owner.name, 'release', 11, 'edited'],
      [other.name, 'release', 10, 'edited'],
    ] as const) {
      await record.execute({ user, kind, catalogueId, action });
    }
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});

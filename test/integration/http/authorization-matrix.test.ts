import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoCover } from '../../../adapters/system/png.js';
import { IMAGES } from '../../../composition/images/images-tokens.js';
import { expect } from 'chai';
import type Koa from 'koa';
import type { Database } from '../../../adapters/persistence/database.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { authorizationMatrix, type CallerKind, type MatrixParties, type MatrixRow } from '../../support/authorization-matrix.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aLabel, aMaster, anArtist, aRelease, aCredit, onLabel } from '../../support/builders/catalogue-builders.js';
import { aUser, anApplication, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

const everyone = (status: number): Record<CallerKind, number> => ({
  anonymous: status,
  application: status,
  'another user': status,
  owner: status,
});

/**
 * Every endpoint, as each kind of caller: anonymous, an application's key and secret alone, another user, the owner.
 * Each later module adds its endpoints here as rows.
 */
const ROWS: readonly MatrixRow[] = [
  // The catalogue is public: everyone reads it, the same way.
  { method: 'GET', path: '/releases/10', status: everyone(200) },
  { method: 'GET', path: '/releases/999', status: everyone(404) },
  { method: 'GET', path: '/masters/5', status: everyone(200) },
  { method: 'GET', path: '/masters/5/versions', status: everyone(200) },
  { method: 'GET', path: '/artists/1', status: everyone(200) },
  { method: 'GET', path: '/artists/1/releases', status: everyone(200) },
  { method: 'GET', path: '/labels/7', status: everyone(200) },
  { method: 'GET', path: '/labels/7/releases', status: everyone(200) },
  // The OAuth token endpoints check their own signatures: without one, everybody's request is malformed.
  { method: 'GET', path: '/oauth/request_token', status: everyone(400) },
  { method: 'POST', path: '/oauth/request_token', status: everyone(400) },
  { method: 'POST', path: '/oauth/access_token', status: everyone(400) },
  // The web pages answer to a browser session, not to API credentials: the private ones send everyone to sign in.
  { method: 'GET', path: '/signin', status: everyone(200) },
  { method: 'GET', path: '/signup', status: everyone(200) },
  { method: 'GET', path: '/settings/developers', status: everyone(302) },
  { method: 'GET', path: '/settings/connected', status: everyone(302) },
  { method: 'POST', path: '/settings/developers/tokens', status: everyone(403) },
  { method: 'GET', path: '/oauth/authorize?oauth_token=unknown', status: everyone(404) },
  // Images: a signed URL serves authenticated callers of any kind; anyone else is asked to authenticate.
  {
    method: 'GET',
    path: (p) => p.imagePath,
    status: { anonymous: 401, application: 200, 'another user': 200, owner: 200 },
  },
  { method: 'GET', path: (p) => p.imagePath.replace('/0.png', '/1.png'), status: { anonymous: 401, application: 404, 'another user': 404, owner: 404 } },
  // Profiles: public, with the email to its user alone; edited by its user alone.
  {
    method: 'GET',
    path: (p) => `/s/${p.owner.name}`,
    status: everyone(200),
    privateTo: [{ text: (p) => `${p.owner.name}@example.test`, visibleTo: ['owner'] }],
  },
  {
    method: 'POST',
    path: (p) => `/s/${p.owner.name}`,
    body: { location: 'Matrix City' },
    status: { anonymous: 401, application: 403, 'another user': 403, owner: 200 },
    privateTo: [{ text: (p) => `${p.owner.name}@example.test`, visibleTo: ['owner'] }],
  },
  // Identity: a user's own, through a token (the owner is whoever calls).
  {
    method: 'GET',
    path: '/oauth/identity',
    status: { anonymous: 401, application: 401, 'another user': 200, owner: 200 },
    privateTo: [{ text: (p) => p.owner.name, visibleTo: ['owner'] }],
    check: (who, body, p) => {
      if (who === 'owner') expect((body as { username: string }).username).to.equal(p.owner.name);
      if (who === 'another user') expect((body as { username: string }).username).to.equal(p.other.name);
    },
  },
];

describe('Authorization matrix', function () {
  this.timeout(60_000);
  let db: Database;
  let app: Koa;
  let parties: MatrixParties;
  const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-matrix-images-'));

  before(async () => {
    db = await openTestDatabase();
    // Limits out of the way: every row is tried four times from one address.
    const container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', IMAGE_DIR: imageDir });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    const owner = await aUser(container, 'matrix-owner');
    const other = await aUser(container, 'matrix-other');
    await container.get(IMAGES.Store).write('release/10/0.png', demoCover(10, 150));
    const imageKey = 'release/10/0.png';
    const imagePath = `/images/${await container.get(IMAGES.Signer).sign(imageKey)}/${imageKey}`;
    parties = { owner, other, application: await anApplication(container, 'matrix-owner', 'Matrix App'), imagePath };
    await seedCatalogue(db, {
      artists: [anArtist(1, { name: 'Matrix Artist' })],
      labels: [aLabel(7, { name: 'Matrix Label' })],
      masters: [aMaster(5, { mainRelease: 10 })],
      releases: [aRelease(10, { masterId: 5, artists: [aCredit(1, 'Matrix Artist')], labels: [onLabel(7, 'Matrix Label')] })],
    });
  });
  after(async () => {
    await db.close();
    fs.rmSync(imageDir, { recursive: true, force: true });
  });

  authorizationMatrix(ROWS, () => ({ app, parties }));
});

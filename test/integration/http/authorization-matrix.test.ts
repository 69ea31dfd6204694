import { expect } from 'chai';
import { authorizationMatrix, everyone, openMatrix, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';

/**
 * Every endpoint of the catalogue, identity, images and profiles, as each kind of caller: anonymous, an application's
 * key and secret alone, another user, the owner. Other modules keep their rows in a matrix file of their own
 * (`authorization-matrix-<module>.test.ts`) on the same world (`openMatrix`).
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
  { method: 'GET', path: '/signup/sent', status: everyone(200) },
  { method: 'GET', path: '/settings/developers', status: everyone(302) },
  { method: 'GET', path: '/settings/connected', status: everyone(302) },
  { method: 'POST', path: '/settings/developers/tokens', status: everyone(403) },
  { method: 'GET', path: '/settings/password', status: everyone(302) },
  { method: 'GET', path: '/settings/profile', status: everyone(302) },
  { method: 'GET', path: '/settings/email', status: everyone(302) },
  { method: 'POST', path: (p) => `/settings/developers/applications/${p.application.id}/rotate`, status: everyone(403) },
  { method: 'POST', path: (p) => `/settings/developers/applications/${p.application.id}/delete`, status: everyone(403) },
  { method: 'GET', path: (p) => `/settings/developers/applications/${p.application.id}`, status: everyone(302) },
  { method: 'POST', path: (p) => `/settings/developers/applications/${p.application.id}`, status: everyone(403) },
  { method: 'POST', path: '/settings/email', status: everyone(403) },
  { method: 'POST', path: '/settings/profile', status: everyone(403) },
  { method: 'POST', path: '/settings/password', status: everyone(403) },
  { method: 'GET', path: '/settings/delete', status: everyone(302) },
  { method: 'POST', path: '/settings/delete', status: everyone(403) },
  { method: 'GET', path: '/password-reset', status: everyone(200) },
  { method: 'POST', path: '/password-reset', status: everyone(403) },
  { method: 'GET', path: '/password-reset/confirm?reset=unknown', status: everyone(200) },
  { method: 'POST', path: '/password-reset/confirm', status: everyone(403) },
  // Email confirmation (ADR 0064): the link's page is anyone's who has the link; resending is the signed-in user's.
  { method: 'GET', path: '/email-confirm?confirm=unknown', status: everyone(200) },
  { method: 'POST', path: '/email-confirm', status: everyone(403) },
  { method: 'POST', path: '/settings/email/resend', status: everyone(403) },
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
  // A user's generated default avatar and banner: public images.
  { method: 'GET', path: (p) => `/avatars/${p.owner.name}.svg`, status: everyone(200) },
  { method: 'GET', path: (p) => `/banners/${p.owner.name}.svg`, status: everyone(200) },
  { method: 'GET', path: '/avatars/nobody-at-all.svg', status: everyone(404) },
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
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});

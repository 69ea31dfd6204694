import { expect } from 'chai';
import type { Caller } from '../../../application/shared/caller.js';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import { authorizationMatrix, everyone, openMatrix, type CallerKind, type MatrixParties, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import type { TestUser } from '../../support/identity-fixtures.js';

const owns = { anonymous: 401, application: 403, 'another user': 403, owner: 200 } as const;
const ownsCreated = { ...owns, owner: 201 } as const;
const ownsNoContent = { ...owns, owner: 204 } as const;

/** The owner's private notes text (field 3, private) and the other user's private wantlist note. */
const PRIVATE_NOTE = 'matrix-private-note-text';
const PRIVATE_WANT = 'matrix-private-want-note';
const PRIVATE_FOLDER = 'Matrix Secret Folder';

const ids = { folder: 0, instance: 0, spare: 0 };
const owner = (p: MatrixParties): string => p.owner.name;
const other = (p: MatrixParties): string => p.other.name;

const privateNote = { text: () => PRIVATE_NOTE, visibleTo: ['owner'] as CallerKind[] };
const folderName = { text: () => PRIVATE_FOLDER, visibleTo: ['owner'] as CallerKind[] };

/**
 * The collection and wantlist endpoints. The owner's collection and wantlist are public (others see folder 0 and
 * the public notes fields, never the private Notes text or a folder's name); the other user's are private (nobody
 * but them sees anything: 401 anonymous, 403 everyone else, the owner of the matrix included).
 */
const ROWS: readonly MatrixRow[] = [
  { method: 'GET', path: (p) => `/s/${owner(p)}/collection/folders`, status: everyone(200), privateTo: [folderName] },
  { method: 'GET', path: (p) => `/s/${owner(p)}/collection/folders/0`, status: everyone(200) },
  { method: 'GET', path: (p) => `/s/${owner(p)}/collection/folders/${ids.folder}`, status: owns, privateTo: [folderName] },
  { method: 'POST', path: (p) => `/s/${owner(p)}/collection/folders`, body: () => ({ name: `Made ${Math.random()}` }), status: ownsCreated },
  { method: 'POST', path: (p) => `/s/${owner(p)}/collection/folders/${ids.folder}`, body: () => ({ name: PRIVATE_FOLDER }), status: owns },
  { method: 'DELETE', path: (p) => `/s/${owner(p)}/collection/folders/${ids.spare}`, status: { ...owns, owner: 204 } },
  {
    method: 'GET',
    path: (p) => `/s/${owner(p)}/collection/folders/0/releases`,
    status: everyone(200),
    privateTo: [privateNote, folderName],
    check: (who, body) => {
      const notes = (body as { releases: Array<{ notes: Array<{ field_id: number }> }> }).releases[0]!.notes.map((n) => n.field_id);
      expect(notes).to.deep.equal(who === 'owner' ? [1, 3] : [1]);
    },
  },
  { method: 'GET', path: (p) => `/s/${owner(p)}/collection/folders/${ids.folder}/releases`, status: owns, privateTo: [privateNote] },
  { method: 'GET', path: (p) => `/s/${owner(p)}/collection/releases/10`, status: everyone(200), privateTo: [privateNote] },
  { method: 'POST', path: (p) => `/s/${owner(p)}/collection/folders/1/releases/11`, status: ownsCreated },
  { method: 'POST', path: (p) => `/s/${owner(p)}/collection/folders/${ids.folder}/releases/10/instances/${ids.instance}`, body: { rating: 3 }, status: ownsNoContent },
  {
    method: 'POST',
    path: (p) => `/s/${owner(p)}/collection/folders/${ids.folder}/releases/10/instances/${ids.instance}/fields/1?value=Mint%20(M)`,
    status: ownsNoContent,
  },
  {
    method: 'GET',
    path: (p) => `/s/${owner(p)}/collection/fields`,
    status: everyone(200),
    check: (who, body) => expect((body as { fields: unknown[] }).fields).to.have.length(who === 'owner' ? 3 : 2),
  },
  { method: 'GET', path: (p) => `/s/${owner(p)}/collection/value`, status: owns },
  { method: 'GET', path: (p) => `/s/${owner(p)}/wants`, status: everyone(200) },
  { method: 'GET', path: (p) => `/s/${owner(p)}/wants/10`, status: everyone(200) },
  { method: 'PUT', path: (p) => `/s/${owner(p)}/wants/11`, body: { rating: 2 }, status: ownsCreated },
  { method: 'POST', path: (p) => `/s/${owner(p)}/wants/10`, body: { rating: 4 }, status: owns },
  { method: 'GET', path: '/releases/10/stats', status: everyone(200) },
  // The other user's collection and wantlist are private: only they would see them (they are "another user" here).
  {
    method: 'GET',
    path: (p) => `/s/${other(p)}/collection/folders`,
    status: { anonymous: 401, application: 403, 'another user': 200, owner: 403 },
  },
  {
    method: 'GET',
    path: (p) => `/s/${other(p)}/collection/folders/0/releases`,
    status: { anonymous: 401, application: 403, 'another user': 200, owner: 403 },
  },
  {
    method: 'GET',
    path: (p) => `/s/${other(p)}/wants`,
    status: { anonymous: 401, application: 403, 'another user': 200, owner: 403 },
    privateTo: [{ text: () => PRIVATE_WANT, visibleTo: ['another user'] }],
  },
  {
    method: 'GET',
    path: (p) => `/s/${other(p)}`,
    status: everyone(200),
    check: (who, body) => {
      if (who === 'another user') expect(body).to.include({ num_collection: 1, num_wantlist: 1 });
      else expect(body).to.not.have.any.keys('num_collection', 'num_wantlist');
    },
  },
  // The people's pages answer to a browser session, not to API credentials: every caller here is anonymous to them,
  // so they see what the API shows the anonymous (the public collection's folder 0, no private notes or folder names).
  { method: 'GET', path: (p) => `/user/${owner(p)}`, status: everyone(200) },
  { method: 'GET', path: (p) => `/user/${owner(p)}/collection`, status: everyone(200), privateTo: [privateNote, folderName] },
  { method: 'GET', path: (p) => `/user/${owner(p)}/collection?folder=${ids.folder}`, status: everyone(401), privateTo: [privateNote, folderName] },
  { method: 'GET', path: (p) => `/user/${owner(p)}/wants`, status: everyone(200) },
  { method: 'GET', path: (p) => `/user/${other(p)}`, status: everyone(200) },
  { method: 'GET', path: (p) => `/user/${other(p)}/collection`, status: everyone(401) },
  { method: 'GET', path: (p) => `/user/${other(p)}/wants`, status: everyone(401), privateTo: [{ text: () => PRIVATE_WANT, visibleTo: [] }] },
  // A release's copies page is for a browser session: API credentials are sent to sign in; its forms refused (no token).
  { method: 'GET', path: '/release/10/yours', status: everyone(302) },
  { method: 'POST', path: '/release/10/yours/collect', body: { folder_id: 1 }, status: everyone(403) },
  { method: 'POST', path: () => `/release/10/yours/instances/${ids.instance}`, body: { rating: 1 }, status: everyone(403) },
  { method: 'POST', path: '/release/10/yours/want', body: { notes: 'x' }, status: everyone(403) },
];

const callerOf = (u: TestUser): Caller => ({ kind: 'user', userId: String(u.id), username: u.name, via: 'token' });

describe('Authorization matrix: collections and wantlists', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const c = world.container;
    const { owner: o, other: x } = world.parties;
    const [oc, xc] = [callerOf(o), callerOf(x)];
    ids.folder = (await c.get(COLLECTION.CreateFolder).execute({ name: o.name, caller: oc, body: () => ({ name: 'Shelf' }) })).folder.id;
    ids.spare = (await c.get(COLLECTION.CreateFolder).execute({ name: o.name, caller: oc, body: () => ({ name: 'Spare' }) })).folder.id;
    ids.instance = (await c.get(COLLECTION.AddToFolder).execute({ name: o.name, caller: oc, folderId: ids.folder, releaseId: 10 })).instance.id;
    const at = { name: o.name, caller: oc, folderId: ids.folder, releaseId: 10, instanceId: ids.instance };
    await c.get(COLLECTION.SetInstanceNote).execute({ ...at, fieldId: 1, value: () => 'Mint (M)' });
    await c.get(COLLECTION.SetInstanceNote).execute({ ...at, fieldId: 3, value: () => PRIVATE_NOTE });
    await c.get(COLLECTION.PutWant).execute({ name: o.name, caller: oc, releaseId: 10, change: () => ({ notes: 'owner want' }) });
    // Folders other than 0 are the owner's alone: their names never reach anyone else.
    await c.get(COLLECTION.EditFolder).execute({ name: o.name, caller: oc, folderId: ids.folder, body: () => ({ name: PRIVATE_FOLDER }) });
    await c.get(COLLECTION.AddToFolder).execute({ name: x.name, caller: xc, folderId: 1, releaseId: 10 });
    await c.get(COLLECTION.PutWant).execute({ name: x.name, caller: xc, releaseId: 11, change: () => ({ notes: PRIVATE_WANT }) });
    await c.get(COLLECTION.Settings).change({ name: x.name, caller: xc, change: { kind: 'privacy', privacy: { collectionPublic: false, wantlistPublic: false } } });
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});

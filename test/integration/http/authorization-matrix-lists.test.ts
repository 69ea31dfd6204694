import { expect } from 'chai';
import { newListInput, newListItemInput } from '../../../adapters/http/lists/list-bodies.js';
import type { Caller } from '../../../application/shared/caller.js';
import { LISTS } from '../../../composition/lists/lists-tokens.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixParties, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';

/*
 * Every list endpoint as each kind of caller, on the shared matrix world. The owner has a public list and a private
 * one (made through the use cases before the rows run); the private list's name, description and item comments must
 * never reach anyone but the owner, whatever the endpoint.
 */

const PRIVATE_NAME = 'Matrix private stash';
const PRIVATE_DESCRIPTION = 'Matrix private description';
const PRIVATE_COMMENT = 'Matrix private comment';
const PUBLIC_NAME = 'Matrix public picks';

/** The ids of the owner's lists (made in `before`). */
const ids = { public: 0, private: 0, scratch: 0 };

/** What only the owner may ever see of the private list. */
const privateToOwner = [
  { text: () => PRIVATE_NAME, visibleTo: ['owner'] as const },
  { text: () => PRIVATE_DESCRIPTION, visibleTo: ['owner'] as const },
  { text: () => PRIVATE_COMMENT, visibleTo: ['owner'] as const },
];

const OWNER_ONLY_CHANGE = { anonymous: 401, application: 403, 'another user': 403, owner: 200 } as const;

const ROWS: readonly MatrixRow[] = [
  // A user's lists: everyone sees the public one; the private one is listed to the owner alone.
  {
    method: 'GET',
    path: (p) => `/s/${p.owner.name}/lists`,
    status: everyone(200),
    privateTo: privateToOwner,
    check: (who, body) => {
      const names = (body as { lists: Array<{ name: string }> }).lists.map((l) => l.name);
      expect(names).to.include(PUBLIC_NAME);
      expect(names.includes(PRIVATE_NAME)).to.equal(who === 'owner');
    },
  },
  { method: 'GET', path: '/s/nobody-at-all/lists', status: everyone(404) },
  { method: 'GET', path: (p) => `/s/${p.owner.name}/lists?page=0`, status: everyone(422) },
  // One list: the public one to everyone, the private one to the owner (401 anonymous, 403 anyone else).
  { method: 'GET', path: () => `/lists/${ids.public}`, status: everyone(200), privateTo: privateToOwner },
  {
    method: 'GET',
    path: () => `/lists/${ids.private}`,
    status: { anonymous: 401, application: 403, 'another user': 403, owner: 200 },
    privateTo: privateToOwner,
    check: (who, body) => {
      if (who === 'owner') expect((body as { items: unknown[] }).items).to.have.length(1);
    },
  },
  { method: 'GET', path: '/lists/987654', status: everyone(404) },
  // The profile counts the private list for the owner alone (the owner has two public lists and a private one).
  {
    method: 'GET',
    path: (p) => `/s/${p.owner.name}`,
    status: everyone(200),
    privateTo: privateToOwner,
    check: (who, body) => expect((body as { num_lists: number }).num_lists).to.equal(who === 'owner' ? 3 : 2),
  },
  // Changes: the owner's alone. A list made by another user is theirs (so "another user" gets 201 too).
  {
    method: 'POST',
    path: '/lists',
    body: { name: 'Made in the matrix' },
    status: { anonymous: 401, application: 403, 'another user': 201, owner: 201 },
  },
  { method: 'POST', path: () => `/lists/${ids.private}`, body: { description: PRIVATE_DESCRIPTION }, status: OWNER_ONLY_CHANGE, privateTo: privateToOwner },
  { method: 'POST', path: '/lists/987654', body: { name: 'x' }, status: { anonymous: 401, application: 403, 'another user': 404, owner: 404 } },
  { method: 'POST', path: () => `/lists/${ids.private}`, body: { public: 'perhaps' }, status: { anonymous: 401, application: 403, 'another user': 403, owner: 422 } },
  {
    method: 'POST',
    path: () => `/lists/${ids.private}/items/release/10`,
    body: { comment: PRIVATE_COMMENT },
    status: OWNER_ONLY_CHANGE,
    privateTo: privateToOwner,
  },
  // Adding release 11 twice: the owner's first try adds it (201); the others are refused before it is looked at.
  {
    method: 'POST',
    path: () => `/lists/${ids.scratch}/items`,
    body: { type: 'release', id: 11 },
    status: { anonymous: 401, application: 403, 'another user': 403, owner: 201 },
  },
  { method: 'POST', path: () => `/lists/${ids.scratch}/items`, body: { type: 'release', id: 11 }, status: { anonymous: 401, application: 403, 'another user': 403, owner: 409 } },
  { method: 'POST', path: () => `/lists/${ids.scratch}/items`, body: { type: 'release', id: 999 }, status: { anonymous: 401, application: 403, 'another user': 403, owner: 422 } },
  { method: 'DELETE', path: () => `/lists/${ids.scratch}/items/release/11`, status: { anonymous: 401, application: 403, 'another user': 403, owner: 204 } },
  { method: 'DELETE', path: () => `/lists/${ids.scratch}/items/release/11`, status: { anonymous: 401, application: 403, 'another user': 403, owner: 404 } },
  { method: 'DELETE', path: () => `/lists/${ids.scratch}`, status: { anonymous: 401, application: 403, 'another user': 403, owner: 204 } },
  { method: 'DELETE', path: () => `/lists/${ids.scratch}`, status: { anonymous: 401, application: 403, 'another user': 404, owner: 404 } },
  // The web pages answer to a browser session, not to API credentials.
  { method: 'GET', path: '/settings/lists', status: everyone(302) },
  { method: 'GET', path: () => `/settings/lists/${ids.private}`, status: everyone(302), privateTo: privateToOwner },
  // A list's page (its `uri`) answers to a browser session: with API credentials everyone is anonymous to it.
  { method: 'GET', path: () => `/lists/A-List/${ids.public}`, status: everyone(200) },
  { method: 'GET', path: (p) => `/user/${p.owner.name}/lists`, status: everyone(200), privateTo: privateToOwner },
  { method: 'GET', path: () => `/lists/A-List/${ids.private}`, status: everyone(401), privateTo: privateToOwner },
  { method: 'POST', path: '/settings/lists', body: { name: 'x' }, status: everyone(403) },
];

describe('Authorization matrix: lists', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const p: MatrixParties = world.parties;
    const owner: Caller = { kind: 'user', userId: String(p.owner.id), username: p.owner.name, via: 'token' };
    const c = world.container;
    const create = (body: object) => c.get(LISTS.CreateList).execute({ caller: owner, body: () => newListInput(body), textFormat: 'markup' });
    const add = (listId: number, body: object) => c.get(LISTS.AddListItem).execute({ listId, caller: owner, body: () => newListItemInput(body), textFormat: 'markup' });
    ids.public = (await create({ name: PUBLIC_NAME, description: 'For everyone', public: true })).id;
    await add(ids.public, { type: 'artist', id: 1, comment: 'Public comment' });
    ids.private = (await create({ name: PRIVATE_NAME, description: PRIVATE_DESCRIPTION })).id;
    await add(ids.private, { type: 'release', id: 10, comment: PRIVATE_COMMENT });
    ids.scratch = (await create({ name: 'Matrix scratch', public: true })).id;
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});

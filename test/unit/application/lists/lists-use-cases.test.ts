import { expect } from 'chai';
import { listDetailsInput, listItemChangeInput, newListInput, newListItemInput } from '../../../../adapters/http/lists/list-bodies.js';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { InMemoryUserListRepository } from '../../../../adapters/in-memory/in-memory-user-list-repository.js';
import { Forbidden, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { AddListItem } from '../../../../application/lists/add-list-item.js';
import { CreateList } from '../../../../application/lists/create-list.js';
import { DeleteList } from '../../../../application/lists/delete-list.js';
import { EditList } from '../../../../application/lists/edit-list.js';
import { EditListItem } from '../../../../application/lists/edit-list-item.js';
import { GetList } from '../../../../application/lists/get-list.js';
import { ListFigures } from '../../../../application/lists/list-figures.js';
import { ListItemDisplay } from '../../../../application/lists/list-item-display.js';
import { ListUserLists } from '../../../../application/lists/list-user-lists.js';
import { RemoveListItem } from '../../../../application/lists/remove-list-item.js';
import { unlinked, type ImageLinks } from '../../../../application/ports/image-links.js';
import { mergedUserFigures } from '../../../../application/ports/user-figures.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import type { Image } from '../../../../domain/catalogue/media.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease } from '../../../support/builders/catalogue-builders.js';
import { rejection, refusalOf } from '../../../support/rejection.js';

const image = (type: Image['type']): Image => ({ type, uri: '', uri150: '', width: 600, height: 600 });

/** Image links that link every image for any caller but anonymous ones, by owner, id and position. */
const LINKS: ImageLinks = {
  async links(owner, id, images, caller) {
    return images.map((im, n) => (caller.kind === 'anonymous' ? unlinked(im) : { ...im, uri: `https://img.test/${owner}/${id}/${n}`, uri150: `https://img.test/${owner}/${id}/${n}-150` }));
  },
};

describe('Lists (use cases, in memory)', () => {
  let clock: FixedClock;
  let uow: InMemoryUnitOfWork;
  let lists: InMemoryUserListRepository;
  let u: {
    get: GetList;
    mine: ListUserLists;
    create: CreateList;
    edit: EditList;
    remove: DeleteList;
    add: AddListItem;
    editItem: EditListItem;
    removeItem: RemoveListItem;
  };
  const me: Caller = { kind: 'user', userId: '1', username: 'me', via: 'token' };
  const them: Caller = { kind: 'user', userId: '2', username: 'them', via: 'token' };
  const app: Caller = { kind: 'application', applicationId: 'a' };
  const T0 = '2026-11-22T12:00:00.000Z';

  beforeEach(async () => {
    clock = new FixedClock(T0);
    uow = new InMemoryUnitOfWork();
    lists = new InMemoryUserListRepository(uow);
    const users = new InMemoryUserRepository(uow);
    for (const name of ['me', 'them']) {
      await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency: 'USD' }),
      );
    }
    const catalogue = new InMemoryCatalogueReader(clock);
    catalogue.putArtist(anArtist(1, { name: 'The Persuader', images: [image('secondary'), image('primary')] }));
    catalogue.putLabel(aLabel(7, { name: 'Svek' }));
    catalogue.putMaster(aMaster(5, { title: 'Stockholm', artists: [aCredit(1, 'The Persuader')] }));
    catalogue.putRelease(aRelease(10, { title: 'Stockholm', artists: [aCredit(1, 'The Persuader'), aCredit(2, 'Friend', { anv: 'A Friend' })], images: [image('primary')] }));
    catalogue.putRelease(aRelease(11, { title: 'No Artists', artists: [] }));
    const text = new TextRenderer(catalogue, 'https://web.test');
    const display = new ListItemDisplay(catalogue, LINKS);
    const get = new GetList(lists, users, display, text);
    u = {
      get,
      mine: new ListUserLists(lists, users, display, text),
      create: new CreateList(lists, get, uow, clock),
      edit: new EditList(lists, get, uow, clock),
      remove: new DeleteList(lists, uow),
      add: new AddListItem(lists, display, get, uow, clock),
      editItem: new EditListItem(lists, get, uow, clock),
      removeItem: new RemoveListItem(lists, uow, clock),
    };
  });

  const create = (body: object, caller: Caller = me) => u.create.execute({ caller, body: () => newListInput(body), textFormat: 'markup' });
  const add = (listId: number, body: object, caller: Caller = me) => u.add.execute({ listId, caller, body: () => newListItemInput(body), textFormat: 'markup' });

  it('makes a private, empty list for the calling user, dated by the clock, with ids of its own', async () => {
    const made = await create({ name: '  Favourites ', description: 'All [b]mine[/b]' });
    expect(made).to.deep.equal({
      id: 1,
      name: 'Favourites',
      description: 'All [b]mine[/b]',
      isPublic: false,
      createdAt: new Date(T0),
      changedAt: new Date(T0),
      owner: { id: 1, username: 'me' },
      items: [],
      imageUrl: '',
    });
    expect((await create({ name: 'Second', public: true })).id).to.equal(2);
    expect((await create({ name: 'Third', public: 'true' })).isPublic).to.equal(true);
  });

  it('refuses to make a list for anonymous callers (401) and applications acting for nobody (403), and bad input (422)', async () => {
    expect(await rejection(create({ name: 'x' }, ANONYMOUS))).to.be.instanceOf(Unauthenticated);
    expect(await rejection(create({ name: 'x' }, app))).to.be.instanceOf(Forbidden);
    const bad: Array<[unknown, string, string]> = [
      [{}, 'Invalid', 'name is required.'],
      [{ name: '   ' }, 'Refusal invalid', 'A list needs a name.'],
      [{ name: 'n'.repeat(201) }, 'Refusal invalid', "A list's name is at most 200 characters long."],
      [{ name: 'x', description: 'd'.repeat(10_001) }, 'Refusal invalid', "A list's description is at most 10000 characters long."],
      [{ name: 42 }, 'Invalid', 'name must be a string.'],
      [{ name: 'x', public: 'yes' }, 'Invalid', 'public must be true or false.'],
      [[1], 'Invalid', 'The body must be a JSON object.'],
      ['text', 'Invalid', 'The body must be a JSON object.'],
    ];
    for (const [body, refusal, message] of bad) {
      const err = await rejection(u.create.execute({ caller: me, body: () => newListInput(body), textFormat: 'markup' }));
      expect(refusalOf(err), JSON.stringify(body)).to.deep.equal([refusal, message]);
    }
    expect((await lists.counts(1)).all).to.equal(0);
  });

  it('shows a public list to anyone and a private one to its owner alone: 401 anonymous, 403 anyone else', async () => {
    const open = await create({ name: 'Open', public: true });
    const closed = await create({ name: 'Closed' });
    for (const caller of [me, them, app, ANONYMOUS]) {
      expect((await u.get.execute({ listId: open.id, caller, textFormat: 'markup' })).name).to.equal('Open');
    }
    expect((await u.get.execute({ listId: closed.id, caller: me, textFormat: 'markup' })).name).to.equal('Closed');
    expect(await rejection(u.get.execute({ listId: closed.id, caller: ANONYMOUS, textFormat: 'markup' }))).to.be.instanceOf(Unauthenticated);
    for (const caller of [them, app]) {
      const err = await rejection(u.get.execute({ listId: closed.id, caller, textFormat: 'markup' }));
      expect(err).to.be.instanceOf(Forbidden);
      expect(err.message).to.not.include('Closed');
    }
    expect(await rejection(u.get.execute({ listId: 99, caller: me, textFormat: 'markup' }))).to.be.instanceOf(NotFound);
    // The edit page's view: the owner's alone, public or not.
    expect(await rejection(u.get.execute({ listId: open.id, caller: them, textFormat: 'markup', ownerOnly: true }))).to.be.instanceOf(Forbidden);
    expect(await rejection(u.get.execute({ listId: open.id, caller: ANONYMOUS, textFormat: 'markup', ownerOnly: true }))).to.be.instanceOf(Unauthenticated);
    expect((await u.get.execute({ listId: open.id, caller: me, textFormat: 'markup', ownerOnly: true })).id).to.equal(open.id);
  });

  it('describes items of every kind from the catalogue, images linked for the caller, missing records by kind and id', async () => {
    const list = await create({ name: 'Mixed', public: true });
    await add(list.id, { type: 'release', id: 10, comment: 'first' });
    await add(list.id, { type: 'master', id: '5' });
    await add(list.id, { type: 'artist', id: 1 });
    await add(list.id, { type: 'label', id: 7 });
    await add(list.id, { type: 'release', id: 11 });
    const view = await u.get.execute({ listId: list.id, caller: them, textFormat: 'markup' });
    expect(view.items.map((i) => [i.kind, i.catalogueId, i.displayTitle, i.webPath, i.imageUrl, i.comment])).to.deep.equal([
      ['release', 10, 'The Persuader, A Friend - Stockholm', '/release/10-The-Persuader-A-Friend-Stockholm', 'https://img.test/release/10/0-150', 'first'],
      ['master', 5, 'The Persuader - Stockholm', '/master/5-The-Persuader-Stockholm', '', ''],
      ['artist', 1, 'The Persuader', '/artist/1-The-Persuader', 'https://img.test/artist/1/1-150', ''],
      ['label', 7, 'Svek', '/label/7-Svek', '', ''],
      ['release', 11, 'No Artists', '/release/11-No-Artists', '', ''],
    ]);
    expect(view.imageUrl).to.equal('https://img.test/release/10/0-150');
    const anonymous = await u.get.execute({ listId: list.id, caller: ANONYMOUS, textFormat: 'markup' });
    expect([anonymous.imageUrl, anonymous.items[0]!.imageUrl]).to.deep.equal(['', '']);

    // A record that leaves the catalogue stays on the list, shown by its kind and id.
    const display = new ListItemDisplay(new InMemoryCatalogueReader(clock));
    expect(await display.describe([{ kind: 'master', catalogueId: 5 }], me)).to.deep.equal([
      { displayTitle: 'Master 5', webPath: '/master/5', imageUrl: '', found: false },
    ]);
  });

  it('renders the description and the comments in the asked text format', async () => {
    const list = await create({ name: 'Marked', description: 'About [a1] and [b]more[/b]', public: true });
    await add(list.id, { type: 'release', id: 10, comment: 'See [l7]' });
    const plain = await u.get.execute({ listId: list.id, caller: ANONYMOUS, textFormat: 'plaintext' });
    expect([plain.description, plain.items[0]!.comment]).to.deep.equal(['About The Persuader and more', 'See Svek']);
    const html = await u.get.execute({ listId: list.id, caller: ANONYMOUS, textFormat: 'html' });
    expect(html.description).to.include('<b>more</b>');
    const summaries = await u.mine.execute({ name: 'me', caller: ANONYMOUS, page: { page: 1, perPage: 50 }, textFormat: 'plaintext' });
    expect(summaries.page.items[0]!.description).to.equal('About The Persuader and more');
  });

  it('lists a user’s lists oldest first, a page at a time, private ones to the owner alone', async () => {
    for (const [name, isPublic] of [['A', true], ['B', false], ['C', true], ['D', false], ['E', true]] as const) {
      await create({ name, public: isPublic });
    }
    await add(3, { type: 'artist', id: 1 });
    await add(3, { type: 'release', id: 10 });
    const names = async (caller: Caller, page = 1, perPage = 50) => {
      const { page: p } = await u.mine.execute({ name: 'ME', caller, page: { page, perPage }, textFormat: 'markup' });
      return [p.total, p.items.map((l) => l.name)];
    };
    expect(await names(me)).to.deep.equal([5, ['A', 'B', 'C', 'D', 'E']]);
    expect(await names(me, 2, 2)).to.deep.equal([5, ['C', 'D']]);
    for (const caller of [them, app, ANONYMOUS]) expect(await names(caller)).to.deep.equal([3, ['A', 'C', 'E']]);
    expect(await names(them, 2, 2)).to.deep.equal([3, ['E']]);
    expect(await names(them, 9, 2)).to.deep.equal([3, []]);
    const c = (await u.mine.execute({ name: 'me', caller: them, page: { page: 1, perPage: 50 }, textFormat: 'markup' })).page.items[1]!;
    expect([c.itemCount, c.imageUrl]).to.deep.equal([2, 'https://img.test/artist/1/1-150']);
    expect(await rejection(u.mine.execute({ name: 'nobody', caller: me, page: { page: 1, perPage: 50 }, textFormat: 'markup' }))).to.be.instanceOf(NotFound);
    expect((await u.mine.execute({ name: 'them', caller: them, page: { page: 1, perPage: 50 }, textFormat: 'markup' })).page.total).to.equal(0);
  });

  it('lets the owner alone change a list: details, items added, commented, moved and removed, each change dated', async () => {
    const list = await create({ name: 'Mine' });
    clock.advance(60_000);
    const edited = await u.edit.execute({ listId: list.id, caller: me, body: () => listDetailsInput({ description: 'now described', public: true }), textFormat: 'markup' });
    expect([edited.name, edited.description, edited.isPublic, edited.createdAt, edited.changedAt]).to.deep.equal([
      'Mine',
      'now described',
      true,
      new Date(T0),
      new Date('2026-11-22T12:01:00.000Z'),
    ]);
    await add(list.id, { type: 'release', id: 10 });
    await add(list.id, { type: 'label', id: 7, comment: 'the label' });
    clock.advance(60_000);
    const moved = await u.editItem.execute({ listId: list.id, item: { kind: 'label', catalogueId: 7 }, caller: me, body: () => listItemChangeInput({ position: 1, comment: 'first now' }), textFormat: 'markup' });
    expect(moved.items.map((i) => [i.kind, i.comment])).to.deep.equal([['label', 'first now'], ['release', '']]);
    expect(moved.changedAt).to.deep.equal(new Date('2026-11-22T12:02:00.000Z'));
    await u.removeItem.execute({ listId: list.id, item: { kind: 'label', catalogueId: 7 }, caller: me });
    expect((await u.get.execute({ listId: list.id, caller: me, textFormat: 'markup' })).items.map((i) => i.catalogueId)).to.deep.equal([10]);

    for (const [caller, refusal] of [[them, Forbidden], [app, Forbidden], [ANONYMOUS, Unauthenticated]] as const) {
      const attempts = [
        u.edit.execute({ listId: list.id, caller, body: () => listDetailsInput({ name: 'x' }), textFormat: 'markup' }),
        u.add.execute({ listId: list.id, caller, body: () => newListItemInput({ type: 'artist', id: 1 }), textFormat: 'markup' }),
        u.editItem.execute({ listId: list.id, item: { kind: 'release', catalogueId: 10 }, caller, body: () => listItemChangeInput({ comment: 'x' }), textFormat: 'markup' }),
        u.removeItem.execute({ listId: list.id, item: { kind: 'release', catalogueId: 10 }, caller }),
        u.remove.execute({ listId: list.id, caller }),
      ];
      for (const attempt of attempts) expect(await rejection(attempt), caller.kind).to.be.instanceOf(refusal);
    }
    const unchanged = await u.get.execute({ listId: list.id, caller: me, textFormat: 'markup' });
    expect([unchanged.name, unchanged.items.length]).to.deep.equal(['Mine', 1]);

    await u.remove.execute({ listId: list.id, caller: me });
    expect(await rejection(u.get.execute({ listId: list.id, caller: me, textFormat: 'markup' }))).to.be.instanceOf(NotFound);
    expect(await rejection(u.remove.execute({ listId: list.id, caller: me }))).to.be.instanceOf(NotFound);
  });

  it('refuses items that are not in the catalogue (422), already listed (409), or not on the list (404), changing nothing', async () => {
    const list = await create({ name: 'Strict' });
    await add(list.id, { type: 'release', id: 10 });
    const before = await u.get.execute({ listId: list.id, caller: me, textFormat: 'markup' });
    clock.advance(1_000);
    const refusals: Array<[Promise<unknown>, string, string]> = [
      [add(list.id, { type: 'release', id: 999 }), 'Invalid', 'There is no release 999 in the catalogue.'],
      [add(list.id, { type: 'track', id: 1 }), 'Invalid', 'type must be one of release, master, artist, label.'],
      [add(list.id, { type: 'release' }), 'Invalid', 'id is required.'],
      [add(list.id, { type: 'release', id: 'ten' }), 'Invalid', 'id must be a whole number from 1 to 2147483647.'],
      [add(list.id, { type: 'release', id: 10 }), 'Refusal conflict', 'The list holds the release 10 already.'],
      [add(list.id, { type: 'artist', id: 1, comment: 'c'.repeat(2_001) }), 'Refusal invalid', 'A comment is at most 2000 characters long.'],
      [add(99, { type: 'artist', id: 1 }), 'NotFound', 'List not found.'],
      [
        u.editItem.execute({ listId: list.id, item: { kind: 'artist', catalogueId: 1 }, caller: me, body: () => listItemChangeInput({ comment: 'x' }), textFormat: 'markup' }),
        'Refusal not-found',
        'The list does not hold the artist 1.',
      ],
      [
        u.editItem.execute({ listId: list.id, item: { kind: 'release', catalogueId: 10 }, caller: me, body: () => listItemChangeInput({ position: 2 }), textFormat: 'markup' }),
        'Refusal invalid',
        'A position is a whole number from 1 to 1; got 2.',
      ],
      [u.removeItem.execute({ listId: list.id, item: { kind: 'label', catalogueId: 7 }, caller: me }), 'Refusal not-found', 'The list does not hold the label 7.'],
      [u.edit.execute({ listId: list.id, caller: me, body: () => listDetailsInput({ name: '' }), textFormat: 'markup' }), 'Refusal invalid', 'A list needs a name.'],
    ];
    for (const [attempt, refusal, message] of refusals) {
      const err = await rejection(attempt);
      expect(refusalOf(err)).to.deep.equal([refusal, message]);
    }
    expect(await u.get.execute({ listId: list.id, caller: me, textFormat: 'markup' })).to.deep.equal(before);
  });

  it('counts a user’s lists and public lists for the profile, from the lists each time', async () => {
    const figures = mergedUserFigures([new ListFigures(lists)]);
    expect(await figures.forUser(1)).to.include({ numLists: 0, numPublicLists: 0 });
    await create({ name: 'A', public: true });
    const b = await create({ name: 'B' });
    await create({ name: 'C' }, them);
    expect(await figures.forUser(1)).to.include({ numLists: 2, numPublicLists: 1 });
    await u.edit.execute({ listId: b.id, caller: me, body: () => listDetailsInput({ public: true }), textFormat: 'markup' });
    expect(await figures.forUser(1)).to.include({ numLists: 2, numPublicLists: 2 });
    await u.remove.execute({ listId: b.id, caller: me });
    expect(await figures.forUser(1)).to.include({ numLists: 1, numPublicLists: 1 });
    expect(await figures.forUser(2)).to.include({ numLists: 1, numPublicLists: 0 });
  });
});

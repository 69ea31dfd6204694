import { expect } from 'chai';
import { anEventRecorder } from '../../../support/event-fixtures.js';
import { EditWant } from '../../../../application/collection/edit-want.js';
import { folderNameInput, instanceChange, noteValueInput } from '../../../../adapters/http/collection/collection-bodies.js';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryCollectionStore } from '../../../../adapters/in-memory/in-memory-collection-repositories.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { CollectionFigures } from '../../../../application/collection/collection-figures.js';
import { GetCollectionValue } from '../../../../application/collection/collection-value.js';
import { AddToFolder } from '../../../../application/collection/add-to-folder.js';
import { CreateFolder } from '../../../../application/collection/create-folder.js';
import { DeleteInstance } from '../../../../application/collection/delete-instance.js';
import { DeleteFolder } from '../../../../application/collection/delete-folder.js';
import { EditFolder } from '../../../../application/collection/edit-folder.js';
import { EditInstance } from '../../../../application/collection/edit-instance.js';
import { ListFields } from '../../../../application/collection/list-fields.js';
import { ListFolderItems } from '../../../../application/collection/list-folder-items.js';
import { ListFolders } from '../../../../application/collection/list-folders.js';
import { PutWant } from '../../../../application/collection/put-want.js';
import { RemoveWant } from '../../../../application/collection/remove-want.js';
import { SetInstanceNote } from '../../../../application/collection/set-instance-note.js';
import { HeldReleases } from '../../../../application/collection/held-releases.js';
import { Forbidden, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { Refusal } from '../../../../domain/shared/refusal.js';
import type { ReleasePrices } from '../../../../application/ports/release-prices.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { aRelease } from '../../../support/builders/catalogue-builders.js';
import { rejection } from '../../../support/rejection.js';

describe('Collections and wantlists (use cases, in memory)', () => {
  const clock = new FixedClock('2026-11-22T12:00:00Z');
  const me: Caller = { kind: 'user', userId: '1', username: 'me', via: 'token' };
  const them: Caller = { kind: 'user', userId: '2', username: 'them', via: 'token' };
  const app: Caller = { kind: 'application', applicationId: 'a' };
  let uow: InMemoryUnitOfWork;
  let store: InMemoryCollectionStore;
  let users: InMemoryUserRepository;
  let held: HeldReleases;
  let recording: ReturnType<typeof anEventRecorder>;

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    const catalogue = new InMemoryCatalogueReader(clock);
    for (const id of [10, 11, 12]) catalogue.putRelease(aRelease(id, { title: `T${id}` }));
    store = new InMemoryCollectionStore(uow, catalogue);
    held = new HeldReleases(catalogue);
    recording = anEventRecorder({ uow, users, catalogue });
    for (const name of ['me', 'them']) {
      await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency: 'GBP' }),
      );
    }
  });

  const add = (releaseId: number, folderId = 1, caller: Caller = me) =>
    new AddToFolder(users, store.collections, held, uow, clock, recording.recorder).execute({ name: 'me', folderId, releaseId, caller });

  it('files releases in folders with the clock’s time; a folder empties before it goes', async () => {
    const { folder } = await new CreateFolder(users, store.collections, uow).execute({ name: 'me', caller: me, body: () => ({ name: 'Jazz' }) });
    const { instance } = await add(10, folder.id);
    expect(instance.dateAdded).to.deep.equal(clock.now());
    expect(await rejection(new DeleteFolder(users, store.collections, uow).execute({ name: 'me', folderId: folder.id, caller: me }))).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
    await new EditInstance(users, store.collections, held, uow, clock, recording.recorder).execute({ name: 'me', folderId: folder.id, releaseId: 10, instanceId: instance.id, caller: me, ...instanceChange({ folder_id: 1 }) });
    await new DeleteFolder(users, store.collections, uow).execute({ name: 'me', folderId: folder.id, caller: me });
    const { folders } = await new ListFolders(users, store.collections).execute({ name: 'me', caller: me });
    expect(folders.map((f) => [f.id, f.count])).to.deep.equal([
      [0, 1],
      [1, 1],
    ]);
  });

  it('answers a rename in the order: a body that is no object, the folder (404, a fixed one), then the name', async () => {
    const rename = (folderId: number, body: unknown) => rejection(new EditFolder(users, store.collections, uow).execute({ name: 'me', folderId, caller: me, body: () => folderNameInput(body) }));
    expect((await rename(99, [{ name: 'x' }])).message).to.equal('The body must be a JSON object.');
    expect(await rename(99, { name: 5 })).to.be.instanceOf(Refusal).with.property('kind', 'not-found');
    expect((await rename(1, { name: 5 })).message).to.equal('The folder "Uncategorized" cannot be renamed.');
    const { folder } = await new CreateFolder(users, store.collections, uow).execute({ name: 'me', caller: me, body: () => folderNameInput({ name: 'Jazz' }) });
    expect((await rename(folder.id, { name: 5 })).message).to.equal('Invalid name: expected the folder name as text.');
    expect((await rename(folder.id, { name: ' ' })).message).to.equal('Invalid name: a folder name may not be empty.');
  });

  it('answers an instance edit in the order: the move, the instance (404), the folder it moves to, then the rating', async () => {
    const { instance } = await add(10);
    const edit = (instanceId: number, body: unknown) =>
      rejection(new EditInstance(users, store.collections, held, uow, clock, recording.recorder).execute({ name: 'me', folderId: 1, releaseId: 10, instanceId, caller: me, ...instanceChange(body) }));
    expect((await edit(999, { folder_id: 'x', rating: 9 })).message).to.equal('Invalid folder_id: expected a whole number, got "x".');
    expect(await edit(999, { rating: 9 })).to.be.instanceOf(NotFound);
    expect((await edit(instance.id, { folder_id: 0, rating: 9 })).message).to.match(/folder 0 \("All"\) cannot receive releases/);
    expect((await edit(instance.id, { rating: 9 })).message).to.equal('Invalid rating: expected a whole number from 0 to 5, got 9.');
  });

  it('answers a note in the order: the field (404), the value as text naming the field, its options, then the instance (404)', async () => {
    const note = (fieldId: number, instanceId: number, value: unknown) =>
      rejection(new SetInstanceNote(users, store.collections, held, uow, clock, recording.recorder).execute({ name: 'me', folderId: 1, releaseId: 10, instanceId, caller: me, fieldId, value: noteValueInput({}, { value }) }));
    expect((await note(9, 999, true)).message).to.equal('Field not found.');
    expect((await note(1, 999, true)).message).to.equal('Invalid value for Media Condition: expected text.');
    expect((await note(1, 999, 'Shiny')).message).to.match(/"Shiny" is not one of its options/);
    expect(await note(1, 999, 'Mint (M)')).to.be.instanceOf(NotFound);
  });

  it('refuses strangers by kind: 401 anonymous, 403 an application or another user, 404 an unknown user or release', async () => {
    expect(await rejection(add(10, 1, ANONYMOUS))).to.be.instanceOf(Unauthenticated);
    expect(await rejection(add(10, 1, app))).to.be.instanceOf(Forbidden);
    expect(await rejection(add(10, 1, them))).to.be.instanceOf(Forbidden);
    expect(await rejection(add(99))).to.be.instanceOf(NotFound);
    const unknown = new ListFolders(users, store.collections).execute({ name: 'nobody', caller: me });
    expect(((await rejection(unknown)) as Error).message).to.equal('User not found.');
  });

  it('leaves nothing behind when a note is refused halfway', async () => {
    const { instance } = await add(11);
    const at = { name: 'me', folderId: 1, releaseId: 11, instanceId: instance.id, caller: me };
    expect(await rejection(new SetInstanceNote(users, store.collections, held, uow, clock, recording.recorder).execute({ ...at, fieldId: 1, value: () => 'Shiny' }))).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
    expect((await store.collections.instance(1, instance.id))!.notes.size).to.equal(0);
  });

  it('lists a folder with the public notes to others', async () => {
    const { instance } = await add(12);
    const at = { name: 'me', folderId: 1, releaseId: 12, instanceId: instance.id, caller: me };
    await new SetInstanceNote(users, store.collections, held, uow, clock, recording.recorder).execute({ ...at, fieldId: 3, value: () => 'private' });
    await new SetInstanceNote(users, store.collections, held, uow, clock, recording.recorder).execute({ ...at, fieldId: 2, value: () => 'Generic' });
    const list = (caller: Caller) =>
      new ListFolderItems(users, store.collections, store.lists, held).execute({ name: 'me', folderId: 0, caller, sort: 'added', order: 'asc', page: { page: 1, perPage: 50 } });
    expect((await list(me)).page.items[0]!.notes.map((n) => n.fieldId)).to.deep.equal([2, 3]);
    expect((await list(them)).page.items[0]!.notes.map((n) => n.fieldId)).to.deep.equal([2]);
    expect((await list(me)).page.items[0]!.release.release?.title).to.equal('T12');
  });

  it('gives with a folder’s page the folders and fields the caller may see, as ListFolders and ListFields answer them', async () => {
    await add(12);
    const page = { sort: 'added', order: 'asc', page: { page: 1, perPage: 50 } } as const;
    for (const caller of [me, them]) {
      const items = await new ListFolderItems(users, store.collections, store.lists, held).execute({ name: 'me', folderId: 0, caller, ...page });
      const { folders } = await new ListFolders(users, store.collections).execute({ name: 'me', caller });
      const fields = await new ListFields(users, store.collections).execute({ name: 'me', caller });
      expect([items.folders, items.fields], caller.kind === 'user' ? caller.username : '').to.deep.equal([folders, fields]);
    }
    const mine = await new ListFolderItems(users, store.collections, store.lists, held).execute({ name: 'me', folderId: 0, caller: me, ...page });
    const theirs = await new ListFolderItems(users, store.collections, store.lists, held).execute({ name: 'me', folderId: 0, caller: them, ...page });
    expect(mine.folders.map((f) => f.id)).to.deep.equal([0, 1]);
    expect(theirs.folders.map((f) => f.id)).to.deep.equal([0]);
    expect(theirs.fields.length).to.be.below(mine.fields.length);
  });

  it('values a collection as the sum over its instances, in the user’s currency', async () => {
    await add(10);
    await add(10);
    await add(11);
    await add(12);
    const gbp = (s: string) => Money.fromDecimal(s, 'GBP');
    const prices: ReleasePrices = {
      async forReleases(ids, currency) {
        expect(currency).to.equal('GBP');
        expect([...ids].sort()).to.deep.equal([10, 11, 12]);
        return new Map([
          [10, { minimum: gbp('1'), median: gbp('2.5'), maximum: gbp('4') }],
          [11, { minimum: gbp('10'), median: gbp('10'), maximum: gbp('10') }],
        ]);
      },
    };
    const value = await new GetCollectionValue(users, store.collections, prices).execute({ name: 'me', caller: me });
    expect([value.minimum, value.median, value.maximum].map((m) => m.toString())).to.deep.equal(['12.00 GBP', '15.00 GBP', '18.00 GBP']);
    const empty = await new GetCollectionValue(users, store.collections).execute({ name: 'me', caller: me });
    expect(empty.maximum.toString()).to.equal('0.00 GBP');
    expect(await rejection(new GetCollectionValue(users, store.collections).execute({ name: 'me', caller: them }))).to.be.instanceOf(Forbidden);
  });

  it('counts the profile figures from the data; a PUT on a wanted release updates it', async () => {
    await add(10);
    const put = new PutWant(users, store.collections, store.wantlists, held, uow, clock, recording.recorder);
    await put.execute({ name: 'me', releaseId: 11, caller: me, change: () => ({ rating: 2 }) });
    const again = await put.execute({ name: 'me', releaseId: 11, caller: me, change: () => ({ notes: 'x' }) });
    expect([again.want.rating, again.want.notes]).to.deep.equal([2, 'x']);
    const figures = new CollectionFigures(store.collections, store.wantlists);
    expect(await figures.forUser(1)).to.deep.equal({ numCollection: 1, collectionPublic: true, numWantlist: 1, wantlistPublic: true });
    await new RemoveWant(users, store.collections, store.wantlists, held, uow, clock, recording.recorder).execute({ name: 'me', releaseId: 11, caller: me });
    expect((await figures.forUser(1)).numWantlist).to.equal(0);
    expect(await rejection(new RemoveWant(users, store.collections, store.wantlists, held, uow, clock, recording.recorder).execute({ name: 'me', releaseId: 11, caller: me }))).to.be.instanceOf(NotFound);
    expect((await store.holdings.forReleases([10, 11], '1')).get(10)).to.deep.equal({
      community: { inCollection: 1, inWantlist: 0 },
      user: { inCollection: 1, inWantlist: 0 },
    });
  });

  it('records wantlist.changed for the owner with each want added, edited and removed (as it was), the want as the API shows it to them', async () => {
    const put = new PutWant(users, store.collections, store.wantlists, held, uow, clock, recording.recorder);
    const edit = new EditWant(users, store.collections, store.wantlists, held, uow, clock, recording.recorder);
    const remove = new RemoveWant(users, store.collections, store.wantlists, held, uow, clock, recording.recorder);
    await put.execute({ name: 'me', releaseId: 11, caller: me, change: () => ({ rating: 2, notes: 'secret', notesPublic: false }) });
    await edit.execute({ name: 'me', releaseId: 11, caller: me, change: () => ({ rating: 4 }) });
    await remove.execute({ name: 'me', releaseId: 11, caller: me });
    // Refused changes record nothing.
    expect(await rejection(edit.execute({ name: 'me', releaseId: 12, caller: me, change: () => ({ rating: 1 }) }))).to.be.instanceOf(NotFound);
    expect(await rejection(put.execute({ name: 'me', releaseId: 12, caller: them, change: () => ({ rating: 1 }) }))).to.be.instanceOf(Forbidden);
    const events = await recording.outbox.read({ userId: 1, after: 0, limit: 10 });
    expect(events.map((e) => [e.type, e.userId, e.resource.type, e.resource.id, e.occurred])).to.deep.equal(
      Array.from({ length: 3 }, () => ['wantlist.changed', 1, 'wantlist', '11', clock.now()]),
    );
    expect(events.map((e) => e.resource.body.rating)).to.deep.equal([2, 4, 4]);
    // The owner's view: private notes included.
    expect(events[0]!.resource.body).to.deep.include({ id: 11, notes: 'secret', notes_public: false, resource_url: 'https://api.test/users/me/wants/11' });
    expect(await recording.outbox.read({ userId: 2, after: 0, limit: 10 })).to.deep.equal([]);
  });

  it('records collection.changed for the owner with each instance added, moved, rated, noted and removed (as it was), as the owner sees it', async () => {
    const { folder } = await new CreateFolder(users, store.collections, uow).execute({ name: 'me', caller: me, body: () => ({ name: 'Jazz' }) });
    const { instance } = await add(10);
    const at = { name: 'me', releaseId: 10, instanceId: instance.id, caller: me };
    await new EditInstance(users, store.collections, held, uow, clock, recording.recorder).execute({ ...at, folderId: 1, ...instanceChange({ folder_id: folder.id, rating: 4 }) });
    await new SetInstanceNote(users, store.collections, held, uow, clock, recording.recorder).execute({ ...at, folderId: folder.id, fieldId: 3, value: () => 'private' });
    // A refused change records nothing.
    expect(await rejection(new DeleteInstance(users, store.collections, held, uow, clock, recording.recorder).execute({ ...at, folderId: folder.id, caller: them }))).to.be.instanceOf(Forbidden);
    await new DeleteInstance(users, store.collections, held, uow, clock, recording.recorder).execute({ ...at, folderId: folder.id });
    const events = await recording.outbox.read({ userId: 1, after: 0, limit: 10 });
    expect(events.map((e) => [e.type, e.resource.type, e.resource.id, e.occurred])).to.deep.equal(
      Array.from({ length: 4 }, () => ['collection.changed', 'collection', String(instance.id), clock.now()]),
    );
    expect(events.map((e) => [e.resource.body.folder_id, e.resource.body.rating])).to.deep.equal([
      [1, 0],
      [folder.id, 4],
      [folder.id, 4],
      [folder.id, 4],
    ]);
    // The owner's view: the private field's note is in it, and the removal carries the instance as it was.
    expect(events[3]!.resource.body).to.deep.include({ id: 10, instance_id: instance.id, notes: [{ field_id: 3, value: 'private' }] });
    expect(await recording.outbox.read({ userId: 2, after: 0, limit: 10 })).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { InMemoryUserListRepository } from '../../adapters/in-memory/in-memory-user-list-repository.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { MikroOrmUserListRepository } from '../../adapters/persistence/lists/mikro-orm-user-list-repository.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { UserList, type ListItemRef } from '../../domain/lists/user-list.js';
import type { UserListRepository } from '../../domain/lists/user-list-repository.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly lists: UserListRepository;
  readonly uow: UnitOfWork;
  /** Runs work as a request would (its own scope), where the adapter needs one. */
  readonly scoped: <T>(work: () => Promise<T>) => Promise<T>;
  /** Two users the lists may belong to. */
  readonly owners: readonly [number, number];
}

const T0 = new Date('2026-11-22T12:00:00.000Z');
const T1 = new Date('2026-11-22T12:05:00.000Z');
const release = (catalogueId: number): ListItemRef => ({ kind: 'release', catalogueId });

function contract(name: string, open: () => Promise<{ subject: Subject; reset(): Promise<void> }>): void {
  describe(`User list repository contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    let reset: () => Promise<void>;
    before(async () => ({ subject: s, reset } = await open()));
    beforeEach(() => reset());

    const run = <T>(work: () => Promise<T>) => s.scoped(() => s.uow.run(work));
    const read = <T>(work: () => Promise<T>) => s.scoped(work);
    /** Makes and stores a list of the first (or given) owner. */
    async function stored(listName: string, options: { owner?: number; isPublic?: boolean; items?: readonly ListItemRef[] } = {}): Promise<UserList> {
      return run(async () => {
        const list = UserList.create({ id: await s.lists.nextId(), ownerId: options.owner ?? s.owners[0], name: listName, description: `About ${listName}`, isPublic: options.isPublic, at: T0 });
        for (const item of options.items ?? []) list.addItem({ ...item, comment: `on ${item.kind} ${item.catalogueId}` }, T0);
        await s.lists.add(list);
        return list;
      });
    }

    it('gives ids never given before', async () => {
      const ids = [await read(() => s.lists.nextId()), await read(() => s.lists.nextId()), await read(() => s.lists.nextId())];
      expect(new Set(ids).size).to.equal(3);
      for (const id of ids) expect(id).to.be.a('number').above(0);
    });

    it('stores a list whole and gives it back as it was: details, items in order, times', async () => {
      const list = await stored('Whole', { isPublic: true, items: [release(3), { kind: 'label', catalogueId: 3 }, { kind: 'artist', catalogueId: 1 }] });
      const back = await read(() => s.lists.byId(list.id));
      expect(back?.state()).to.deep.equal(list.state());
      for (const missing of [list.id + 1000, 0, -1, 2 ** 31, 1.5]) expect(await read(() => s.lists.byId(missing))).to.equal(null);
    });

    it('saves a changed list over the stored one: details, and items added, moved, commented and removed', async () => {
      const list = await stored('Before', { items: [release(1), release(2), release(3)] });
      await run(async () => {
        const l = (await s.lists.byId(list.id, { forUpdate: true }))!;
        l.edit({ name: 'After', description: '', isPublic: true }, T1);
        l.removeItem(release(2), T1);
        l.addItem({ kind: 'master', catalogueId: 9, comment: 'new' }, T1);
        l.editItem(release(3), { position: 1, comment: 'moved up' }, T1);
        await s.lists.save(l);
      });
      const back = (await read(() => s.lists.byId(list.id)))!;
      expect([back.name, back.description, back.isPublic, back.createdAt, back.changedAt]).to.deep.equal(['After', '', true, T0, T1]);
      expect(back.items.map((i) => [i.kind, i.catalogueId, i.comment, i.addedAt])).to.deep.equal([
        ['release', 3, 'moved up', T0],
        ['release', 1, 'on release 1', T0],
        ['master', 9, 'new', T1],
      ]);
    });

    it("pages an owner's lists oldest first, private ones only when asked, with counts and first items", async () => {
      const [a, b, c] = [
        await stored('A', { isPublic: true, items: [release(5), release(6)] }),
        await stored('B', { items: [{ kind: 'artist', catalogueId: 2 }] }),
        await stored('C', { isPublic: true }),
      ];
      await stored('Not mine', { owner: s.owners[1], isPublic: true });
      const all = await read(() => s.lists.ofOwner(s.owners[0], { includePrivate: true, offset: 0, limit: 50 }));
      expect(all.total).to.equal(3);
      expect(all.lists).to.deep.equal([
        { id: a.id, ownerId: s.owners[0], name: 'A', description: 'About A', isPublic: true, createdAt: T0, changedAt: T0, itemCount: 2, firstItem: release(5) },
        { id: b.id, ownerId: s.owners[0], name: 'B', description: 'About B', isPublic: false, createdAt: T0, changedAt: T0, itemCount: 1, firstItem: { kind: 'artist', catalogueId: 2 } },
        { id: c.id, ownerId: s.owners[0], name: 'C', description: 'About C', isPublic: true, createdAt: T0, changedAt: T0, itemCount: 0, firstItem: null },
      ]);
      const names = async (includePrivate: boolean, offset: number, limit: number) => {
        const page = await read(() => s.lists.ofOwner(s.owners[0], { includePrivate, offset, limit }));
        return [page.total, page.lists.map((l) => l.name)];
      };
      expect(await names(false, 0, 50)).to.deep.equal([2, ['A', 'C']]);
      expect(await names(true, 1, 1)).to.deep.equal([3, ['B']]);
      expect(await names(false, 1, 5)).to.deep.equal([2, ['C']]);
      expect(await names(true, 10, 5)).to.deep.equal([3, []]);
      // The first item follows the order, not the time of adding.
      await run(async () => {
        const l = (await s.lists.byId(a.id, { forUpdate: true }))!;
        l.editItem(release(6), { position: 1 }, T1);
        await s.lists.save(l);
      });
      expect((await read(() => s.lists.ofOwner(s.owners[0], { includePrivate: false, offset: 0, limit: 1 }))).lists[0]!.firstItem).to.deep.equal(release(6));
    });

    it('counts all and public lists of an owner', async () => {
      expect(await read(() => s.lists.counts(s.owners[0]))).to.deep.equal({ all: 0, public: 0 });
      await stored('A', { isPublic: true });
      await stored('B');
      await stored('C');
      await stored('D', { owner: s.owners[1], isPublic: true });
      expect(await read(() => s.lists.counts(s.owners[0]))).to.deep.equal({ all: 3, public: 1 });
      expect(await read(() => s.lists.counts(s.owners[1]))).to.deep.equal({ all: 1, public: 1 });
    });

    it('removes a list with its items', async () => {
      const list = await stored('Gone', { items: [release(1)] });
      const kept = await stored('Kept', { items: [release(1)] });
      expect(await run(() => s.lists.remove(list.id))).to.equal(true);
      expect(await run(() => s.lists.remove(list.id))).to.equal(false);
      expect(await read(() => s.lists.byId(list.id))).to.equal(null);
      expect((await read(() => s.lists.byId(kept.id)))?.items).to.have.length(1);
    });

    it('stores nothing of a unit of work that fails', async () => {
      const list = await stored('Safe', { items: [release(1)] });
      const failed = run(async () => {
        const l = (await s.lists.byId(list.id, { forUpdate: true }))!;
        l.addItem(release(2), T1);
        await s.lists.save(l);
        const other = UserList.create({ id: await s.lists.nextId(), ownerId: s.owners[0], name: 'Half made', at: T1 });
        await s.lists.add(other);
        throw new Error('boom');
      });
      await failed.then(
        () => expect.fail('the run should fail'),
        (err: Error) => expect(err.message).to.equal('boom'),
      );
      expect((await read(() => s.lists.byId(list.id)))?.items.map((i) => i.catalogueId)).to.deep.equal([1]);
      expect(await read(() => s.lists.counts(s.owners[0]))).to.deep.equal({ all: 1, public: 0 });
    });

    it('keeps both of two changes made at once to one list (the second waits for the first)', async () => {
      const list = await stored('Busy');
      const addOne = (id: number) =>
        run(async () => {
          const l = (await s.lists.byId(list.id, { forUpdate: true }))!;
          l.addItem(release(id), T1);
          await s.lists.save(l);
        });
      await Promise.all([addOne(1), addOne(2), addOne(3)]);
      expect((await read(() => s.lists.byId(list.id)))?.items.map((i) => i.catalogueId).sort()).to.deep.equal([1, 2, 3]);
    });
  });
}

contract('in memory', async () => {
  let subject!: Subject;
  const make = (): Subject => {
    const uow = new InMemoryUnitOfWork();
    return { lists: new InMemoryUserListRepository(uow), uow, scoped: (work) => work(), owners: [1, 2] };
  };
  subject = make();
  const proxy: Subject = {
    get lists() {
      return subject.lists;
    },
    get uow() {
      return subject.uow;
    },
    scoped: (work) => work(),
    owners: [1, 2],
  };
  return { subject: proxy, reset: async () => void (subject = make()) };
});

describe('with the MikroORM adapter', () => {
  let db: Database;
  let owners: [number, number] = [0, 0];
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  async function addUsers(scope: MikroOrmRequestScope, uow: UnitOfWork): Promise<void> {
    const users = new MikroOrmUserRepository(db.orm);
    const user = (name: string) => ({ username: name, realName: '', email: `${name}@example.test`, passwordHash: 'h', registeredAt: T0, homePage: '', location: '', profile: '', currency: 'USD' as const });
    const a = await scope.run(() => uow.run(() => users.add(user('list-owner'))));
    const b = await scope.run(() => uow.run(() => users.add(user('list-other'))));
    owners = [a.id, b.id];
  }

  contract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    const scope = new MikroOrmRequestScope(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const subject: Subject = {
      lists: new MikroOrmUserListRepository(db.orm),
      uow,
      scoped: (work) => scope.run(work),
      get owners() {
        return owners;
      },
    };
    return {
      subject,
      async reset() {
        // Removing the users removes their lists (the foreign key cascades).
        await scope.run(() => emptyIdentity(db));
        await addUsers(scope, uow);
      },
    };
  });

  it('removes the lists and items of a user who is removed', async () => {
    const scope = new MikroOrmRequestScope(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const lists = new MikroOrmUserListRepository(db.orm);
    await scope.run(() => emptyIdentity(db));
    await addUsers(scope, uow);
    await scope.run(() =>
      uow.run(async () => {
        const list = UserList.create({ id: await lists.nextId(), ownerId: owners[0], name: 'Doomed', at: T0 });
        list.addItem(release(1), T0);
        await lists.add(list);
      }),
    );
    await scope.run(() => query(db.orm, 'delete from app_user where id = ?', [owners[0]]));
    const [left] = await scope.run(() => query(db.orm, 'select (select count(*) from user_list)::int as lists, (select count(*) from user_list_item)::int as items'));
    expect(left).to.deep.equal({ lists: 0, items: 0 });
  });
});

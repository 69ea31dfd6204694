import { expect } from 'chai';
import { InMemoryCatalogueReader } from '../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryCollectionStore } from '../../adapters/in-memory/in-memory-collection-repositories.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { MikroOrmCollectionRepository, MikroOrmWantlistRepository } from '../../adapters/persistence/collection/mikro-orm-collection-repositories.js';
import { SqlCollectionListReader } from '../../adapters/persistence/collection/sql-collection-list-reader.js';
import { SqlHoldingCounts } from '../../adapters/persistence/collection/sql-holding-counts.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { CollectionListReader } from '../../application/ports/collection-list-reader.js';
import type { HoldingCounts } from '../../application/ports/community-figures.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { CollectionRepository, ListRequest, WantlistRepository } from '../../domain/collection/collection-repository.js';
import { Instance } from '../../domain/collection/instance.js';
import { Want } from '../../domain/collection/want.js';
import type { Release } from '../../domain/catalogue/release.js';
import { aCredit, aMaster, aRelease, onLabel } from '../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly collections: CollectionRepository;
  readonly wants: WantlistRepository;
  readonly lists: CollectionListReader;
  readonly holdings: HoldingCounts;
  /** Two users who exist. */
  readonly users: readonly [number, number];
}

const RELEASES: Release[] = [
  aRelease(201, { title: 'b side', masterId: 60, released: '1999', artists: [aCredit(1, 'Zed')], labels: [onLabel(1, 'Mute', 'STUMM 1')] }),
  aRelease(202, { title: 'A Side', masterId: 60, released: '1970', artists: [aCredit(2, 'Abba')], labels: [onLabel(2, 'Polar', 'POLS 2')] }),
  aRelease(203, { title: 'C Side', released: '', artists: [aCredit(3, 'Moby')], labels: [] }),
];
const AT = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const by = (sort: ListRequest['sort'], order: 'asc' | 'desc' = 'asc'): ListRequest => ({ sort, order, offset: 0, limit: 10 });

function contract(name: string, open: () => Promise<{ subject: Subject; close(): Promise<void> }>): void {
  describe(`Collection repositories contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    let close: () => Promise<void>;
    beforeEach(async () => ({ subject: s, close } = await open()));
    afterEach(() => close());

    it('loads a fresh collection for a user with none, and keeps what is saved', async () => {
      const [u] = s.users;
      const fresh = await s.collections.load(u);
      expect(fresh.folders.map((f) => f.id)).to.deep.equal([0, 1]);
      expect(fresh.privacy).to.deep.equal({ collectionPublic: true, wantlistPublic: true });
      const saved = await s.uow.run(async () => {
        const c = await s.collections.loadForChange(u);
        const a = await s.collections.nextFolderId();
        const b = await s.collections.nextFolderId();
        expect(a).to.be.greaterThan(1);
        expect(b).to.not.equal(a);
        const changed = c
          .createFolder(a, 'Jazz')
          .createFolder(b, 'Rock')
          .addField({ type: 'dropdown', name: 'Shelf', public: false, options: ['A', 'B'] })
          .withPrivacy({ collectionPublic: false, wantlistPublic: true });
        await s.collections.save(changed);
        return changed;
      });
      const loaded = await s.collections.load(u);
      expect(loaded.folders).to.deep.equal(saved.folders);
      expect(loaded.fields).to.deep.equal(saved.fields);
      expect(loaded.privacy).to.deep.equal({ collectionPublic: false, wantlistPublic: true });
      // A swap of two names, and a deletion, in one save.
      const [, , jazz, rock] = loaded.folders;
      await s.uow.run(async () => {
        const c = await s.collections.loadForChange(u);
        await s.collections.save(c.renameFolder(jazz!.id, 'tmp').renameFolder(rock!.id, 'Jazz').renameFolder(jazz!.id, 'Rock'));
      });
      expect((await s.collections.load(u)).folders.map((f) => f.name)).to.deep.equal(['All', 'Uncategorized', 'Rock', 'Jazz']);
      await s.uow.run(async () => s.collections.save((await s.collections.loadForChange(u)).deleteFolder(jazz!.id)));
      expect((await s.collections.load(u)).folders.map((f) => f.name)).to.deep.equal(['All', 'Uncategorized', 'Jazz']);
      // Another user's collection is untouched.
      expect((await s.collections.load(s.users[1])).folders.map((f) => f.id)).to.deep.equal([0, 1]);
    });

    it('stores instances: counts per folder, updates, notes removal, lists, sorts', async () => {
      const [u, v] = s.users;
      const ids = await s.uow.run(async () => {
        await s.collections.loadForChange(u);
        const out: number[] = [];
        for (const [i, release] of [201, 202, 203, 201].entries()) {
          const id = await s.collections.nextInstanceId();
          await s.collections.addInstance(Instance.added(id, u, release, 1, AT(i)).rated(i + 1).noted({ fieldId: 1, value: i % 2 ? 'Mint (M)' : 'Good (G)' }));
          out.push(id);
        }
        await s.collections.addInstance(Instance.added(await s.collections.nextInstanceId(), v, 201, 1, AT(9)));
        return out;
      });
      expect(new Set(ids).size).to.equal(4);
      expect((await s.collections.load(u)).folder(0).count).to.equal(4);
      const one = (await s.collections.instance(u, ids[0]!))!;
      expect(one.releaseId).to.equal(201);
      expect(one.notes.get(1)).to.equal('Good (G)');
      expect(one.dateAdded.getTime()).to.equal(AT(0).getTime());
      expect(await s.collections.instance(v, ids[0]!)).to.equal(null);
      await s.uow.run(() => s.collections.updateInstance(one.rated(0).noted({ fieldId: 3, value: 'kept' })));
      expect((await s.collections.instance(u, ids[0]!))!.notes).to.deep.equal(new Map([[1, 'Good (G)'], [3, 'kept']]));

      const order = async (request: ListRequest) => (await s.lists.instancesInFolder(u, 0, request)).items.map((i) => i.id);
      const [a, b, c, d] = ids as [number, number, number, number];
      expect(await order(by('title'))).to.deep.equal([b, a, d, c]);
      expect(await order(by('artist', 'desc'))).to.deep.equal([d, a, c, b]);
      expect(await order(by('year'))).to.deep.equal([c, b, a, d]);
      expect(await order(by('label'))).to.deep.equal([c, a, d, b]);
      expect(await order(by('catno'))).to.deep.equal([c, b, a, d]);
      expect(await order(by('rating'))).to.deep.equal([a, b, c, d]);
      expect(await order(by('added', 'desc'))).to.deep.equal([d, c, b, a]);
      const page = await s.lists.instancesInFolder(u, 0, { ...by('added'), offset: 1, limit: 2 });
      expect([page.items.map((i) => i.id), page.total]).to.deep.equal([[b, c], 4]);
      const ofRelease = await s.collections.instancesOfRelease(u, 201, 0, 10);
      expect([ofRelease.items.map((i) => i.id), ofRelease.total]).to.deep.equal([[a, d], 2]);
      expect((await s.collections.releaseIdsHeld(u)).sort()).to.deep.equal([201, 201, 202, 203]);

      await s.uow.run(() => s.collections.removeNotes(u, 1, ['Mint (M)']));
      expect((await s.collections.instance(u, a))!.notes.has(1)).to.equal(false);
      expect((await s.collections.instance(u, b))!.notes.get(1)).to.equal('Mint (M)');
      await s.uow.run(() => s.collections.removeNotes(u, 1));
      expect((await s.collections.instance(u, b))!.notes.has(1)).to.equal(false);

      const held = await s.holdings.forReleases([201, 202, 204], String(u));
      expect(held.get(201)).to.deep.equal({ community: { inCollection: 3, inWantlist: 0 }, user: { inCollection: 2, inWantlist: 0 } });
      expect(held.get(204)).to.deep.equal({ community: { inCollection: 0, inWantlist: 0 }, user: { inCollection: 0, inWantlist: 0 } });
      const last = (await s.collections.instance(u, d))!;
      await s.uow.run(() => s.collections.removeInstance(last));
      const masters = await s.holdings.forMasters([60, 61], null);
      expect(masters.get(60)?.community.inCollection).to.equal(3);
      expect(masters.get(61)).to.deep.equal({ community: { inCollection: 0, inWantlist: 0 }, user: null });
    });

    it('stores wants: add, update, sorted lists, counts, removal', async () => {
      const [u, v] = s.users;
      await s.uow.run(async () => {
        await s.collections.loadForChange(u);
        await s.wants.add(Want.added(u, 203, AT(1)));
        await s.wants.add(Want.added(u, 201, AT(2)).edited({ notes: 'n', rating: 2 }));
        await s.wants.add(Want.added(v, 201, AT(3)));
      });
      expect(await s.wants.count(u)).to.equal(2);
      expect((await s.wants.want(u, 201))?.notes).to.equal('n');
      expect(await s.wants.want(u, 202)).to.equal(null);
      await s.uow.run(async () => s.wants.update((await s.wants.want(u, 203))!.edited({ rating: 5 })));
      expect((await s.lists.wantlist(u, by('rating', 'desc'))).items.map((w) => w.releaseId)).to.deep.equal([203, 201]);
      expect((await s.lists.wantlist(u, by('title'))).items.map((w) => w.releaseId)).to.deep.equal([201, 203]);
      const held = await s.holdings.forReleases([201], String(v));
      expect(held.get(201)).to.deep.equal({ community: { inCollection: 0, inWantlist: 2 }, user: { inCollection: 0, inWantlist: 1 } });
      await s.uow.run(() => s.wants.remove(u, 201));
      expect(await s.wants.count(u)).to.equal(1);
      expect((await s.holdings.forReleases([201], null)).get(201)?.community.inWantlist).to.equal(1);
    });

    it('puts everything back when a unit of work fails', async () => {
      const [u] = s.users;
      await s.uow
        .run(async () => {
          const c = await s.collections.loadForChange(u);
          await s.collections.save(c.createFolder(await s.collections.nextFolderId(), 'Doomed'));
          await s.collections.addInstance(Instance.added(await s.collections.nextInstanceId(), u, 201, 1, AT(0)));
          await s.wants.add(Want.added(u, 202, AT(0)));
          throw new Error('boom');
        })
        .catch(() => undefined);
      expect((await s.collections.load(u)).folders.map((f) => f.id)).to.deep.equal([0, 1]);
      expect(await s.wants.count(u)).to.equal(0);
      expect((await s.holdings.forReleases([201, 202], null)).get(201)?.community).to.deep.equal({ inCollection: 0, inWantlist: 0 });
    });
  });
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const catalogue = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
  for (const r of RELEASES) catalogue.putRelease(r);
  const store = new InMemoryCollectionStore(uow, catalogue);
  return { subject: { uow, collections: store.collections, wants: store.wantlists, lists: store.lists, holdings: store.holdings, users: [1, 2] }, close: async () => undefined };
});

describe('with the MikroORM adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
    await seedCatalogue(db, { masters: [aMaster(60, { mainRelease: 201 })], releases: RELEASES });
  });
  after(() => db.close());

  contract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    await emptyIdentity(db);
    const users = new MikroOrmUserRepository(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const person = (name: string) => ({
      username: name, realName: '', email: `${name}@example.com`, passwordHash: 'x', registeredAt: AT(0), homePage: '', location: '', profile: '', currency: 'USD' as const,
    });
    const u = await uow.run(() => users.add(person('contract-u')));
    const v = await uow.run(() => users.add(person('contract-v')));
    return {
      subject: {
        uow,
        collections: new MikroOrmCollectionRepository(db.orm),
        wants: new MikroOrmWantlistRepository(db.orm),
        lists: new SqlCollectionListReader(db.orm),
        holdings: new SqlHoldingCounts(db.orm),
        users: [u.id, v.id],
      },
      close: async () => undefined,
    };
  });
});

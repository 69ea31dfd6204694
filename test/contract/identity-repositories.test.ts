import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import {
  InMemoryApplicationRepository,
  InMemoryOneTimeLinkRepository,
  InMemoryPersonalTokenRepository,
  InMemoryUserRepository,
  InMemoryWebSessionRepository,
} from '../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { SequentialIdGenerator } from '../../adapters/in-memory/sequential-id-generator.js';
import type { Database } from '../../adapters/persistence/database.js';
import {
  MikroOrmApplicationRepository,
  MikroOrmOneTimeLinkRepository,
  MikroOrmPersonalTokenRepository,
  MikroOrmUserRepository,
  MikroOrmWebSessionRepository,
} from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { RandomSecretGenerator, Sha256SecretDigest } from '../../adapters/system/random-secrets.js';
import { ScryptPasswordHasher } from '../../adapters/system/scrypt-password-hasher.js';
import { CreatePersonalToken } from '../../application/identity/create-personal-token.js';
import { CreateUser } from '../../application/identity/create-user.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import {
  DELETED_PASSWORD_HASH,
  deletedEmail,
  type ApplicationRepository,
  type OneTimeLinkRepository,
  type PersonalTokenRepository,
  type UserRepository,
  type WebSessionRepository,
} from '../../domain/identity/identity-repositories.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';
import { Refusal } from '../../domain/shared/refusal.js';
import type { OneTimeLinkPurpose } from '../../domain/identity/accounts.js';

interface Subject {
  readonly users: UserRepository;
  readonly applications: ApplicationRepository;
  readonly tokens: PersonalTokenRepository;
  readonly sessions: WebSessionRepository;
  readonly resets: OneTimeLinkRepository;
  readonly uow: UnitOfWork;
  /** Runs work as a request would (its own scope), where the adapter needs one. */
  readonly scoped: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = new Date('2026-11-22T12:00:00.000Z');
const user = (name: string, email = `${name.toLowerCase()}@example.com`) => ({
  username: name,
  realName: '',
  email,
  passwordHash: 'scrypt$…',
  registeredAt: AT,
  homePage: '',
  location: '',
  profile: '',
  currency: 'USD' as const,
});

function contract(name: string, open: () => Promise<{ subject: Subject; reset(): Promise<void> }>): void {
  describe(`Identity repositories contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    let reset: () => Promise<void>;
    before(async () => ({ subject: s, reset } = await open()));
    beforeEach(() => reset());

    it('adds users with ids of their own, found by id, name and email in any case', async () => {
      const alice = await s.scoped(() => s.uow.run(() => s.users.add(user('Alice'))));
      const bob = await s.scoped(() => s.uow.run(() => s.users.add(user('bob'))));
      expect(alice.id).to.be.a('number').above(0);
      expect(bob.id).to.not.equal(alice.id);
      expect(await s.scoped(() => s.users.byId(alice.id))).to.deep.equal(alice);
      expect((await s.scoped(() => s.users.byLoginName('ALICE')))?.id).to.equal(alice.id);
      expect((await s.scoped(() => s.users.byEmail('BOB@EXAMPLE.COM')))?.id).to.equal(bob.id);
      expect(await s.scoped(() => s.users.byLoginName('carol'))).to.equal(null);
      expect(await s.scoped(() => s.users.byId(0))).to.equal(null);
      expect(await s.scoped(() => s.users.byId(99999999999))).to.equal(null);
    });

    it('changes only the profile fields given', async () => {
      const alice = await s.scoped(() => s.uow.run(() => s.users.add(user('Alice'))));
      const changed = await s.scoped(() => s.uow.run(() => s.users.updateProfile(alice.id, { location: 'Malmö', currency: 'SEK' })));
      expect(changed).to.deep.equal({ ...alice, location: 'Malmö', currency: 'SEK' });
      expect(await s.scoped(() => s.users.byId(alice.id))).to.deep.equal(changed);
      expect(await s.scoped(() => s.uow.run(() => s.users.updateProfile(alice.id, {})))).to.deep.equal(changed);
      expect(await s.scoped(() => s.uow.run(() => s.users.updateProfile(999999, { location: 'x' })))).to.equal(null);
      // A field present but undefined is a field not given.
      const renamed = await s.scoped(() => s.uow.run(() => s.users.updateProfile(alice.id, { location: undefined, realName: 'Alice A.' })));
      expect(renamed).to.deep.equal({ ...changed, realName: 'Alice A.' });
    });

    it("lists a user's applications oldest first and tokens newest first, those made at one time by id", async () => {
      const alice = await s.scoped(() => s.uow.run(() => s.users.add(user('Alice'))));
      const later = new Date(AT.getTime() + 60_000);
      const app = (id: string, createdAt: Date) => ({
        id, name: id, ownerId: alice.id, consumerKey: `key-${id}`.padEnd(20, 'k'), consumerSecret: 's'.repeat(32), callbackUrl: null, createdAt,
      });
      for (const a of [app('app-c', AT), app('app-a', later), app('app-b', AT)]) await s.scoped(() => s.uow.run(() => s.applications.add(a)));
      expect((await s.scoped(() => s.applications.ownedBy(alice.id))).map((a) => a.id)).to.deep.equal(['app-b', 'app-c', 'app-a']);

      const token = (id: string, createdAt: Date) => ({ id, userId: alice.id, label: id, digest: id.padEnd(64, 'd'), lastCharacters: 'abcd', createdAt, revokedAt: null });
      for (const t of [token('t-c', AT), token('t-a', AT), token('t-b', later)]) await s.scoped(() => s.uow.run(() => s.tokens.add(t)));
      expect((await s.scoped(() => s.tokens.ofUser(alice.id))).map((t) => t.id)).to.deep.equal(['t-b', 't-a', 't-c']);
    });

    it('refuses a second user with the same name or email in another case', async () => {
      await s.scoped(() => s.uow.run(() => s.users.add(user('Alice'))));
      for (const [candidate, what] of [
        [user('aLiCe', 'new@example.com'), 'login name'],
        [user('other', 'ALICE@example.com'), 'email'],
      ] as const) {
        let error: unknown;
        try {
          await s.scoped(() => s.uow.run(() => s.users.add(candidate)));
        } catch (err) {
          error = err;
        }
        expect(error).to.be.instanceOf(Refusal).that.includes({ kind: 'conflict', code: `${what} taken` });
      }
    });

    it('keeps applications and tokens, revokes a token once', async () => {
      const alice = await s.scoped(() => s.uow.run(() => s.users.add(user('Alice'))));
      const application = {
        id: 'app-1', name: 'Shelf', ownerId: alice.id, consumerKey: 'k'.repeat(20), consumerSecret: 's'.repeat(32),
        callbackUrl: null, createdAt: AT, description: '', websiteUrl: null,
      };
      await s.scoped(() => s.uow.run(() => s.applications.add(application)));
      expect(await s.scoped(() => s.applications.byConsumerKey('k'.repeat(20)))).to.deep.equal(application);
      expect(await s.scoped(() => s.applications.byId('app-1'))).to.deep.equal(application);
      expect(await s.scoped(() => s.applications.ownedBy(alice.id))).to.deep.equal([application]);
      expect(await s.scoped(() => s.applications.byConsumerKey('nope'))).to.equal(null);

      const token = { id: 't-1', userId: alice.id, label: 'x', digest: 'd'.repeat(64), lastCharacters: 'abcd', createdAt: AT, revokedAt: null };
      await s.scoped(() => s.uow.run(() => s.tokens.add(token)));
      expect(await s.scoped(() => s.tokens.byDigest('d'.repeat(64)))).to.deep.equal(token);
      const first = new Date('2026-11-23T00:00:00.000Z');
      expect(await s.scoped(() => s.uow.run(() => s.tokens.revoke('t-1', first)))).to.equal(true);
      expect(await s.scoped(() => s.uow.run(() => s.tokens.revoke('t-1', new Date('2026-12-01T00:00:00.000Z'))))).to.equal(true);
      expect((await s.scoped(() => s.tokens.byId('t-1')))?.revokedAt).to.deep.equal(first);
      expect(await s.scoped(() => s.uow.run(() => s.tokens.revoke('none', first)))).to.equal(false);
      expect((await s.scoped(() => s.tokens.ofUser(alice.id))).map((t) => t.id)).to.deep.equal(['t-1']);
    });

    it("edits an application's details, and makes a user a tombstone found by id alone, its name kept and its email freed", async () => {
      const alice = await s.scoped(() => s.uow.run(() => s.users.add(user('Alice'))));
      const bob = await s.scoped(() => s.uow.run(() => s.users.add(user('Bob'))));
      const application = {
        id: 'app-2', name: 'Shelf', ownerId: alice.id, consumerKey: 'q'.repeat(20), consumerSecret: 's'.repeat(32),
        callbackUrl: null, createdAt: AT, description: '', websiteUrl: null,
      };
      await s.scoped(() => s.uow.run(() => s.applications.add(application)));
      const changes = { name: 'Shelf 2', description: 'Finds records.', callbackUrl: 'https://shelf.example/cb', websiteUrl: 'https://shelf.example/' };
      expect(await s.scoped(() => s.uow.run(() => s.applications.update('app-2', changes)))).to.equal(true);
      expect(await s.scoped(() => s.applications.byConsumerKey('q'.repeat(20)))).to.deep.equal({ ...application, ...changes });
      expect(await s.scoped(() => s.uow.run(() => s.applications.update('none', changes)))).to.equal(false);

      expect((await s.scoped(() => s.uow.run(() => s.users.lock([bob.id, alice.id, 999_999], 'share')))).map((u) => u.id)).to.deep.equal([alice.id, bob.id]);
      const at = new Date('2026-12-07T10:00:00.000Z');
      expect(await s.scoped(() => s.uow.run(() => s.users.markDeleted(alice.id, at)))).to.equal(true);
      expect(await s.scoped(() => s.uow.run(() => s.users.markDeleted(alice.id, at)))).to.equal(false);
      const tomb = (await s.scoped(() => s.users.byId(alice.id)))!;
      expect([tomb.username, tomb.email, tomb.passwordHash, tomb.deletedAt]).to.deep.equal(['Alice', deletedEmail(alice.id), DELETED_PASSWORD_HASH, at]);
      expect(await s.scoped(() => s.users.byLoginName('alice'))).to.equal(null);
      expect(await s.scoped(() => s.users.byEmail('alice@example.com'))).to.equal(null);
      expect((await s.scoped(() => s.uow.run(() => s.users.lock([alice.id, bob.id], 'update')))).map((u) => u.id)).to.deep.equal([bob.id]);
      const again = await s.scoped(() => s.uow.run(() => s.users.add(user('ALICE', 'other@example.com')))).catch((err: unknown) => err);
      expect(again).to.be.instanceOf(Refusal).that.includes({ code: 'login name taken' });
      const freed = await s.scoped(() => s.uow.run(() => s.users.add(user('Alicia', 'alice@example.com'))));
      expect(freed.id).to.not.equal(alice.id);
    });

    it('lets exactly one of many simultaneous sign-ups of one name (in different cases) through', async () => {
      const hasher = new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
      const create = new CreateUser(s.users, hasher, s.uow, new FixedClock(AT));
      const names = ['Dup', 'dup', 'DUP', 'dUp', 'duP', 'DuP'];
      const results = await Promise.allSettled(
        names.map((n, i) => s.scoped(() => create.execute({ username: n, email: `dup${i}@example.com`, password: 'long enough' }))),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).to.have.length(1);
      expect(refused).to.have.length(names.length - 1);
      for (const r of refused) expect(r.reason).to.be.instanceOf(Refusal).with.property('kind', 'conflict');
    });

    it('makes every token of simultaneous requests, each unique', async () => {
      await s.scoped(() => s.uow.run(() => s.users.add(user('Alice'))));
      const create = new CreatePersonalToken(
        s.users, s.tokens, new RandomSecretGenerator(), new Sha256SecretDigest(), new SequentialIdGenerator(`t${Date.now()}`), s.uow, new FixedClock(AT),
      );
      const made = await Promise.all(Array.from({ length: 8 }, () => s.scoped(() => create.execute({ user: 'alice' }))));
      expect(new Set(made.map((m) => m.token)).size).to.equal(8);
      expect(await s.scoped(async () => (await s.users.byLoginName('alice')) && (await s.tokens.ofUser((await s.users.byLoginName('alice'))!.id)).length)).to.equal(8);
    });

    it("changes a password hash and an email address (unique in any case), and ends every session of a user but the one kept", async () => {
      const [a, b] = await s.scoped(() => s.uow.run(async () => [await s.users.add(user('Ann')), await s.users.add(user('Bob'))]));
      const later = new Date(AT.getTime() + 60_000);
      const session = (digest: string, userId: number) => s.sessions.add({ digest, userId, createdAt: AT, expiresAt: new Date(AT.getTime() + 3_600_000) });
      await s.scoped(() => s.uow.run(async () => {
        await session('a1', a!.id);
        await session('a2', a!.id);
        await session('a3', a!.id);
        await session('b1', b!.id);
      }));
      expect(await s.scoped(() => s.uow.run(() => s.sessions.removeAllOf(a!.id, 'a1')))).to.equal(2);
      const live = async () => Promise.all(['a1', 'a2', 'a3', 'b1'].map(async (d) => (await s.sessions.live(d, later)) !== null));
      expect(await s.scoped(live)).to.deep.equal([true, false, false, true]);
      expect(await s.scoped(() => s.uow.run(() => s.sessions.removeAllOf(b!.id)))).to.equal(1);
      expect(await s.scoped(live)).to.deep.equal([true, false, false, false]);
      expect(await s.scoped(() => s.uow.run(() => s.users.changePassword(a!.id, 'scrypt$new')))).to.equal(true);
      expect(await s.scoped(() => s.uow.run(() => s.users.changePassword(999_999, 'scrypt$new')))).to.equal(false);
      expect([(await s.scoped(() => s.users.byId(a!.id)))!.passwordHash, (await s.scoped(() => s.users.byId(b!.id)))!.passwordHash]).to.deep.equal(['scrypt$new', 'scrypt$…']);
      expect(await s.scoped(() => s.uow.run(() => s.users.changeEmail(a!.id, 'ann@new.example')))).to.equal(true);
      expect((await s.scoped(() => s.users.byEmail('ANN@new.example')))?.id).to.equal(a!.id);
      const taken = await s.scoped(() => s.uow.run(() => s.users.changeEmail(b!.id, 'Ann@New.Example'))).catch((err: unknown) => err);
      expect([(taken as Refusal).kind, (taken as Refusal).code]).to.deep.equal(['conflict', 'email taken']);
      expect((await s.scoped(() => s.users.byId(b!.id)))!.email).to.equal('bob@example.com');
      expect(await s.scoped(() => s.uow.run(() => s.users.changeEmail(999_999, 'x@y.example')))).to.equal(false);
    });

    it('uses a one-time link once, for its purpose, before it expires, lets one of simultaneous uses win, and cancels', async () => {
      const a = await s.scoped(() => s.uow.run(() => s.users.add(user('Cid'))));
      const hour = new Date(AT.getTime() + 3_600_000);
      const add = (digest: string, purpose: OneTimeLinkPurpose = 'password reset', email: string | null = null, at = AT) =>
        s.resets.add({ digest, purpose, userId: a.id, email, createdAt: at, expiresAt: hour, usedAt: null });
      await s.scoped(() => s.uow.run(async () => {
        await add('r1');
        await add('r2');
        await add('r3');
        await add('c1', 'email confirmation', 'cid@old.example');
        await add('c2', 'email confirmation', 'cid@new.example', new Date(AT.getTime() + 1000));
      }));
      const use = (digest: string, at: Date, purpose: OneTimeLinkPurpose = 'password reset') =>
        s.scoped(() => s.uow.run(() => s.resets.use(digest, purpose, at)));
      expect(await use('r1', new Date(AT.getTime() + 60_000), 'email confirmation')).to.equal(null);
      expect((await use('r1', new Date(AT.getTime() + 60_000)))?.userId).to.equal(a.id);
      expect(await use('r1', new Date(AT.getTime() + 120_000))).to.equal(null);
      expect(await use('r2', hour)).to.equal(null);
      expect(await use('nothing', AT)).to.equal(null);
      const together = await Promise.all(Array.from({ length: 4 }, () => use('r3', AT)));
      expect(together.filter((l) => l !== null).map((l) => l!.userId)).to.deep.equal([a.id]);
      const newest = () => s.scoped(() => s.resets.newest(a.id, 'email confirmation', AT));
      expect((await newest())?.email).to.equal('cid@new.example');
      expect(await s.scoped(() => s.uow.run(() => s.resets.cancelAll(a.id, 'email confirmation', AT)))).to.equal(2);
      expect([await newest(), await use('c2', AT, 'email confirmation')]).to.deep.equal([null, null]);
    });

    it('confirms an address, changing it, and refuses one another account has', async () => {
      const d = await s.scoped(() => s.uow.run(() => s.users.add({ ...user('Dee'), emailConfirmedAt: null })));
      expect([d.emailConfirmedAt, (await s.scoped(() => s.users.byId(d.id)))!.emailConfirmedAt]).to.deep.equal([null, null]);
      const e = await s.scoped(() => s.uow.run(() => s.users.add(user('Eve'))));
      expect((await s.scoped(() => s.users.byId(e.id)))!.emailConfirmedAt).to.deep.equal(AT);
      const later = new Date(AT.getTime() + 5000);
      expect(await s.scoped(() => s.uow.run(() => s.users.confirmEmail(d.id, 'dee@new.example', later)))).to.equal(true);
      const dee = (await s.scoped(() => s.users.byId(d.id)))!;
      expect([dee.email, dee.emailConfirmedAt]).to.deep.equal(['dee@new.example', later]);
      const taken = await s.scoped(() => s.uow.run(() => s.users.confirmEmail(d.id, e.email.toUpperCase(), later))).catch((err: unknown) => err);
      expect([(taken as Refusal).kind, (taken as Refusal).code]).to.deep.equal(['conflict', 'email taken']);
      expect((await s.scoped(() => s.users.byId(d.id)))!.email).to.equal('dee@new.example');
      expect(await s.scoped(() => s.uow.run(() => s.users.confirmEmail(999_999, 'x@y.example', later)))).to.equal(false);
    });
  });
}

contract('in memory', async () => {
  let subject: Subject;
  const make = (): Subject => {
    const uow = new InMemoryUnitOfWork();
    return {
      users: new InMemoryUserRepository(uow),
      applications: new InMemoryApplicationRepository(uow),
      tokens: new InMemoryPersonalTokenRepository(uow),
      sessions: new InMemoryWebSessionRepository(uow),
      resets: new InMemoryOneTimeLinkRepository(uow),
      uow,
      scoped: (work) => work(),
    };
  };
  subject = make();
  const proxy: Subject = {
    get users() { return subject.users; },
    get applications() { return subject.applications; },
    get tokens() { return subject.tokens; },
    get sessions() { return subject.sessions; },
    get resets() { return subject.resets; },
    get uow() { return subject.uow; },
    scoped: (work) => work(),
  };
  return { subject: proxy, reset: async () => { subject = make(); } };
});

describe('with the MikroORM adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  contract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    const scope = new MikroOrmRequestScope(db.orm);
    return {
      subject: {
        users: new MikroOrmUserRepository(db.orm),
        applications: new MikroOrmApplicationRepository(db.orm),
        tokens: new MikroOrmPersonalTokenRepository(db.orm),
        sessions: new MikroOrmWebSessionRepository(db.orm),
        resets: new MikroOrmOneTimeLinkRepository(db.orm),
        uow: new MikroOrmUnitOfWork(db.orm),
        scoped: (work) => scope.run(work),
      },
      reset: () => scope.run(() => emptyIdentity(db)),
    };
  });
});

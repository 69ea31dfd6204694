import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InMemoryOneTimeLinkRepository, InMemoryUserRepository, InMemoryWebSessionRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { FolderMailTransport } from '../../../../adapters/system/folder-mail-transport.js';
import { EmailConfirmations } from '../../../../application/identity/email-confirmations.js';
import { OneTimeLinks } from '../../../../application/identity/one-time-links.js';
import { RequestPasswordReset } from '../../../../application/identity/request-password-reset.js';
import { RecordingLogger } from '../../../support/recording-logger.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { InMemoryRateLimitStore } from '../../../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { RandomSecretGenerator, Sha256SecretDigest } from '../../../../adapters/system/random-secrets.js';
import { ScryptPasswordHasher } from '../../../../adapters/system/scrypt-password-hasher.js';
import { RateLimited } from '../../../../application/errors.js';
import { Authenticate } from '../../../../application/identity/authenticate.js';
import { CreateUser } from '../../../../application/identity/create-user.js';
import { SIGN_UP_NAME_TAKEN, SIGN_UPS_PER_ADDRESS, SIGN_UPS_PER_EMAIL, SignUp } from '../../../../application/identity/sign-up.js';
import { Refusal } from '../../../../domain/shared/refusal.js';
import {
  SIGN_IN_ACCOUNT_WINDOW_MS,
  SIGN_IN_ATTEMPTS_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_WINDOW_MS,
  signInAttemptKeys,
  WebSessions,
} from '../../../../application/identity/web-sessions.js';

/** The sign-in throttle (ADR 0049), on the in-memory stores and a clock the test moves. */
describe('WebSessions: the sign-in throttle', function () {
  this.timeout(30_000);
  const hasher = new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
  const digest = new Sha256SecretDigest();
  let clock: FixedClock;
  let attempts: InMemoryRateLimitStore;
  let sessions: WebSessions;
  let createUser: CreateUser;
  let users: InMemoryUserRepository;
  let uow: InMemoryUnitOfWork;

  beforeEach(async () => {
    clock = new FixedClock('2026-12-07T12:00:00Z');
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    createUser = new CreateUser(users, hasher, uow, clock);
    await createUser.execute({ username: 'Victim', email: 'victim@example.test', password: 'the right one' });
    attempts = new InMemoryRateLimitStore(clock);
    sessions = new WebSessions(
      new Authenticate(users, hasher),
      users,
      new InMemoryWebSessionRepository(uow),
      attempts,
      new RandomSecretGenerator(),
      digest,
      uow,
      clock,
    );
  });

  /** The refusal `work` throws (or null). */
  async function refusal(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
      return null;
    } catch (err) {
      return err;
    }
  }

  it('answers a taken email as a free one (mailing its owner), refuses a taken name, and limits sign-ups', async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-signup-'));
    try {
      const mail = new FolderMailTransport(mailDir, 'Spindle <no-reply@example.test>');
      const logger = new RecordingLogger();
      const links = new OneTimeLinks(new InMemoryOneTimeLinkRepository(uow), new RandomSecretGenerator(), digest, clock);
      const page = (p: string) => ({ link: (token: string) => `https://web.example.test/${p}?t=${token}`, site: 'Spindle' });
      const confirmations = new EmailConfirmations(links, mail, logger, attempts, uow, page('email-confirm'));
      const resets = new RequestPasswordReset(users, links, digest, mail, logger, attempts, uow, page('password-reset/confirm'));
      const signUp = new SignUp(createUser, users, confirmations, resets, attempts, digest, 'Spindle');
      const as = (username: string, email: string, address = '192.0.2.7') => signUp.execute({ username, email, password: 'long enough', address });
      const mails = () => fs.readdirSync(mailDir).filter((n) => n.endsWith('.eml')).length;

      const name = await refusal(() => as('VICTIM', 'fresh@example.test'));
      expect([(name as Refusal).kind, (name as Refusal).message]).to.deep.equal(['conflict', SIGN_UP_NAME_TAKEN]);
      expect(await as('fresh', 'Victim@Example.test')).to.equal(undefined);
      expect(await users.byLoginName('fresh')).to.equal(null);
      expect(mails()).to.equal(1);
      expect(await as('fresh', 'fresh@example.test')).to.equal(undefined);
      expect((await users.byLoginName('fresh'))?.emailConfirmedAt).to.equal(null);
      expect(mails()).to.equal(2);
      for (let i = 4; i <= SIGN_UPS_PER_ADDRESS; i++) await as(`new-${i}`, `new-${i}@example.test`);
      expect(await refusal(() => as('one-more', 'one-more@example.test'))).to.be.instanceOf(RateLimited);
      for (let i = 1; i < SIGN_UPS_PER_EMAIL; i++) await as(`victim-${i}`, 'victim@example.test', `198.51.100.${i}`);
      expect(await refusal(() => as('victim-last', 'victim@example.test', '198.51.100.99'))).to.be.instanceOf(RateLimited);
      expect(await as('one-more', 'one-more@example.test', '192.0.2.8')).to.equal(undefined);
      expect((await users.byLoginName('one-more'))?.emailConfirmedAt).to.equal(null);
    } finally {
      fs.rmSync(mailDir, { recursive: true, force: true });
    }
  });

  /** 'ok', 'wrong' or 'limited', for one try. */
  async function attempt(password: string, address: string, username = 'victim'): Promise<'ok' | 'wrong' | 'limited'> {
    try {
      return (await sessions.signIn({ username, password, address })) ? 'ok' : 'wrong';
    } catch (err) {
      if (err instanceof RateLimited) return 'limited';
      throw err;
    }
  }

  it("stops guesses from an address after its failures, but not the owner from another address", async () => {
    const tries = [];
    for (let i = 0; i <= SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) tries.push(await attempt(`guess ${i}`, '203.0.113.9'));
    expect(tries).to.deep.equal([...Array(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS).fill('wrong'), 'limited']);
    // The right password from the guessing address is refused too (the throttle tells nothing), …
    expect(await attempt('the right one', '203.0.113.9')).to.equal('limited');
    // … while the owner, elsewhere, signs in (before ADR 0049 the whole account was locked for 15 minutes).
    expect(await attempt('the right one', '198.51.100.7')).to.equal('ok');
    clock.advance(SIGN_IN_WINDOW_MS);
    expect(await attempt('the right one', '203.0.113.9')).to.equal('ok');
  });

  it('does not count successful sign-ins against the account, and a success clears its address\'s failures', async () => {
    const before = [];
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1; i++) before.push(await attempt(`guess ${i}`, '198.51.100.7'));
    before.push(await attempt('the right one', '198.51.100.7'));
    expect(before.at(-1)).to.equal('ok');
    // A whole allowance of failures again after the success (before ADR 0049 the success was the tenth attempt).
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) expect(await attempt(`again ${i}`, '198.51.100.7'), `again ${i}`).to.equal('wrong');
    expect(await attempt('over', '198.51.100.7')).to.equal('limited');
    // Successes alone never run into the account's counts (the address's own limit counts them, as every attempt).
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ADDRESS; i++) expect(await attempt('the right one', `10.1.0.${i}`)).to.equal('ok');
    expect(await attempt('the right one', '10.1.0.99')).to.equal('ok');
  });

  it('stops an account\'s failures from everywhere at the hourly bound, which one address cannot reach', async () => {
    // One address alone runs into its own limits long before the account's bound.
    expect(SIGN_IN_ATTEMPTS_PER_ADDRESS * (SIGN_IN_ACCOUNT_WINDOW_MS / SIGN_IN_WINDOW_MS)).to.be.below(SIGN_IN_FAILURES_PER_ACCOUNT);
    let address = 0;
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      if (i % SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS === 0) address++;
      expect(await attempt(`guess ${i}`, `10.0.0.${address}`), `try ${i}`).to.equal('wrong');
    }
    expect(await attempt('the right one', '192.0.2.1')).to.equal('limited');
    clock.advance(SIGN_IN_ACCOUNT_WINDOW_MS);
    expect(await attempt('the right one', '192.0.2.1')).to.equal('ok');
  });

  it('counts every attempt of an address, across accounts', async () => {
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ADDRESS; i++) {
      await createUser.execute({ username: `someone-${i}`, email: `someone-${i}@example.test`, password: 'long enough' });
      expect(await attempt('x', '192.0.2.50', `someone-${i}`)).to.equal('wrong');
    }
    expect(await attempt('the right one', '192.0.2.50')).to.equal('limited');
  });

  it('keys its counts by fixed-length digests, never by the name typed', async () => {
    const long = 'A'.repeat(100_000);
    const short = signInAttemptKeys(digest, 'a', '192.0.2.1');
    const huge = signInAttemptKeys(digest, long, '192.0.2.1');
    for (const k of ['address', 'pair', 'account'] as const) expect(huge[k].length, k).to.equal(short[k].length);
    expect(huge.account).to.not.include('aaaa');
    // One name in any case is one account.
    expect(signInAttemptKeys(digest, 'VICTIM', '192.0.2.1')).to.deep.equal(signInAttemptKeys(digest, 'victim', '192.0.2.1'));
    expect(await attempt('x', '192.0.2.1', long)).to.equal('wrong');
    expect(attempts.size).to.equal(3);
  });
});

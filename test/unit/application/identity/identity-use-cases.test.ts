import { rejection } from '../../../support/rejection.js';
import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import {
  InMemoryApplicationRepository,
  InMemoryNonceStore,
  InMemoryOAuthTokenRepository,
  InMemoryPersonalTokenRepository,
  InMemoryUserRepository,
} from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { SequentialIdGenerator } from '../../../../adapters/in-memory/sequential-id-generator.js';
import { NodeHmacSha1, RandomSecretGenerator, Sha256SecretDigest } from '../../../../adapters/system/random-secrets.js';
import { ScryptPasswordHasher } from '../../../../adapters/system/scrypt-password-hasher.js';
import { BadRequest, Invalid, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { Refusal } from '../../../../domain/shared/refusal.js';
import { Authenticate } from '../../../../application/identity/authenticate.js';
import { AuthorizeRequestToken } from '../../../../application/identity/authorize-request-token.js';
import { CreatePersonalToken } from '../../../../application/identity/create-personal-token.js';
import { CreateUser } from '../../../../application/identity/create-user.js';
import { ExchangeAccessToken } from '../../../../application/identity/exchange-access-token.js';
import { IssueRequestToken } from '../../../../application/identity/issue-request-token.js';
import { ListPersonalTokens } from '../../../../application/identity/list-personal-tokens.js';
import { OAuthVerifier } from '../../../../application/identity/oauth-verifier.js';
import { RegisterApplication } from '../../../../application/identity/register-application.js';
import { RevokePersonalToken } from '../../../../application/identity/revoke-personal-token.js';
import { INVALID_KEY, INVALID_TOKEN, ResolveCredentials } from '../../../../application/identity/credentials.js';
import { sameSecret } from '../../../../domain/identity/same-secret.js';
import { GetIdentity } from '../../../../application/identity/get-identity.js';
import { ANONYMOUS } from '../../../../application/shared/caller.js';


describe('Identity use cases (in memory)', function () {
  this.timeout(30_000);
  const clock = new FixedClock('2026-11-22T12:00:00Z');
  let uow: InMemoryUnitOfWork;
  let users: InMemoryUserRepository;
  let apps: InMemoryApplicationRepository;
  let tokens: InMemoryPersonalTokenRepository;
  const hasher = new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
  const secrets = new RandomSecretGenerator();
  const digest = new Sha256SecretDigest();
  let createUser: CreateUser;
  let createToken: CreatePersonalToken;
  let resolve: ResolveCredentials;

  beforeEach(() => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    apps = new InMemoryApplicationRepository(uow);
    tokens = new InMemoryPersonalTokenRepository(uow);
    createUser = new CreateUser(users, hasher, uow, clock);
    createToken = new CreatePersonalToken(users, tokens, secrets, digest, new SequentialIdGenerator('token'), uow, clock);
    const oauthTokens = new InMemoryOAuthTokenRepository(uow);
    const verifier = new OAuthVerifier(apps, oauthTokens, new InMemoryNonceStore(clock), new NodeHmacSha1(), clock);
    resolve = new ResolveCredentials(users, apps, tokens, digest, verifier);
  });

  it('creates users with a hashed password, names unique in any case, emails too', async () => {
    const alice = await createUser.execute({ username: 'Alice', email: 'alice@example.com', password: 'long enough', realName: ' Alice A. ' });
    expect(alice).to.deep.equal({
      id: 1,
      username: 'Alice',
      realName: 'Alice A.',
      email: 'alice@example.com',
      registeredAt: clock.now(),
      emailConfirmedAt: clock.now(),
      homePage: '',
      location: '',
      profile: '',
      currency: 'USD',
    });
    expect(alice).to.not.have.property('passwordHash');
    const stored = (await users.byId(1))!;
    expect(stored.passwordHash).to.match(/^scrypt\$/);
    expect(await hasher.verify('long enough', stored.passwordHash)).to.equal(true);
    const sameName = await rejection(createUser.execute({ username: 'ALICE', email: 'other@example.com', password: 'long enough' }));
    expect(sameName).to.be.instanceOf(Refusal).with.property('kind', 'conflict');
    expect(sameName.message).to.equal('The login name "ALICE" is taken (names are compared without regard to case).');
    const sameEmail = await rejection(createUser.execute({ username: 'alice2', email: 'ALICE@example.com', password: 'long enough' }));
    expect(sameEmail).to.be.instanceOf(Refusal).with.property('kind', 'conflict');
    expect(sameEmail.message).to.equal('An account with the email address "ALICE@example.com" exists already.');
  });

  it('refuses bad input with 422 naming the problem, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ email: 'a@b.co', password: 'long enough' }, /username is required/],
      [{ username: 42, email: 'a@b.co', password: 'long enough' }, /username is required and must be a string/],
      [{ username: 'a b', email: 'a@b.co', password: 'long enough' }, /may hold only letters/],
      [{ username: 'abc', email: 'nope', password: 'long enough' }, /is not an email address/],
      [{ username: 'abc', email: 'a@b.co', password: 'short' }, /at least 8/],
      [{ username: 'abc', email: 'a@b.co', password: ['x'] }, /password is required and must be a string/],
    ];
    for (const [input, message] of cases) {
      const err = await rejection(createUser.execute(input as never));
      expect(err, JSON.stringify(input)).to.be.instanceOf(Invalid);
      expect(err.message).to.match(message);
    }
    expect(await users.byId(1)).to.equal(null);
  });

  it('authenticates by name (any case) and password, telling nothing about which was wrong', async () => {
    await createUser.execute({ username: 'Alice', email: 'alice@example.com', password: 'long enough' });
    const authenticate = new Authenticate(users, hasher);
    expect((await authenticate.execute({ username: 'alice', password: 'long enough' }))?.username).to.equal('Alice');
    expect(await authenticate.execute({ username: 'alice', password: 'wrong one' })).to.equal(null);
    expect(await authenticate.execute({ username: 'nobody', password: 'long enough' })).to.equal(null);
  });

  it('registers applications with a key and secret, resolved to the application', async () => {
    await createUser.execute({ username: 'Alice', email: 'alice@example.com', password: 'long enough' });
    const register = new RegisterApplication(users, apps, secrets, new SequentialIdGenerator('app'), uow, clock);
    const app = await register.execute({ name: 'Shelf', owner: 'alice', callbackUrl: 'https://shelf.example/cb' });
    expect(app).to.include({ id: 'app-1', name: 'Shelf', ownerId: 1, callbackUrl: 'https://shelf.example/cb' });
    expect(app.consumerKey).to.match(/^[A-Za-z0-9]{20}$/);
    expect(app.consumerSecret).to.match(/^[A-Za-z0-9]{32}$/);
    expect(await resolve.execute({ kind: 'key', key: app.consumerKey, secret: app.consumerSecret })).to.deep.equal({
      kind: 'application',
      applicationId: 'app-1',
    });
    const wrong = await rejection(resolve.execute({ kind: 'key', key: app.consumerKey, secret: `${app.consumerSecret}x` }));
    expect(wrong).to.be.instanceOf(Unauthenticated);
    expect(wrong.message).to.equal(INVALID_KEY);
    expect(await rejection(register.execute({ name: 'X', owner: 'nobody' }))).to.be.instanceOf(NotFound);
    expect((await rejection(register.execute({ name: 'X', owner: 'alice', callbackUrl: 'javascript:alert(1)' }))).message).to.equal(
      'A callback URL is http or https.',
    );
    expect(await rejection(register.execute({ name: '', owner: 'alice' }))).to.be.instanceOf(Invalid);
  });

  it('creates, lists and revokes personal tokens; only digests are kept', async () => {
    await createUser.execute({ username: 'Alice', email: 'alice@example.com', password: 'long enough' });
    await createUser.execute({ username: 'bob', email: 'bob@example.com', password: 'long enough' });
    const { token, record } = await createToken.execute({ user: 'Alice', label: 'script' });
    expect(token).to.match(/^[A-Za-z0-9]{40}$/);
    expect(record).to.deep.include({ id: 'token-1', userId: 1, label: 'script', lastCharacters: token.slice(-4), revokedAt: null });
    expect(record.digest).to.equal(digest.digest(token));
    expect(JSON.stringify(await tokens.ofUser(1))).to.not.include(token);
    const caller = await resolve.execute({ kind: 'token', token });
    expect(caller).to.deep.equal({ kind: 'user', userId: '1', username: 'Alice', via: 'token', tokenId: 'token-1', currency: 'USD', location: '', emailConfirmed: true });
    const identity = await new GetIdentity(users, apps, tokens).execute(caller);
    expect(identity).to.deep.equal({ id: 1, username: 'Alice', consumerName: 'script' });
    expect((await createToken.execute({ user: 'bob' })).record.label).to.equal('Personal access token');

    const revoke = new RevokePersonalToken(users, tokens, uow, clock);
    // Another user's token is unknown to bob.
    expect(await rejection(revoke.execute({ user: 'bob', tokenId: 'token-1' }))).to.be.instanceOf(NotFound);
    const revoked = await revoke.execute({ user: 'alice', tokenId: 'token-1' });
    expect(revoked.revokedAt).to.deep.equal(clock.now());
    const refused = await rejection(resolve.execute({ kind: 'token', token }));
    expect(refused).to.be.instanceOf(Unauthenticated);
    expect(refused.message).to.equal(INVALID_TOKEN);
    expect((await new ListPersonalTokens(users, tokens).execute({ user: 'Alice' })).map((t) => t.revokedAt)).to.deep.equal([clock.now()]);
  });

  it('resolves no credential to anonymous and a malformed one to 401', async () => {
    expect(await resolve.execute({ kind: 'none' })).to.equal(ANONYMOUS);
    const err = await rejection(resolve.execute({ kind: 'malformed', reason: 'Bad header.' }));
    expect(err).to.be.instanceOf(Unauthenticated);
    expect(err.message).to.equal('Bad header.');
    expect(await rejection(new GetIdentity(users, apps, tokens).execute(ANONYMOUS))).to.be.instanceOf(Unauthenticated);
  });

  it('expires request tokens 15 minutes after they were issued, for the page and the exchange', async () => {
    const moving = new FixedClock('2026-11-22T12:00:00Z');
    await createUser.execute({ username: 'Alice', email: 'alice@example.com', password: 'long enough' });
    const register = new RegisterApplication(users, apps, secrets, new SequentialIdGenerator('app'), uow, moving);
    const app = await register.execute({ name: 'Shelf', owner: 'alice' });
    const oauthTokens = new InMemoryOAuthTokenRepository(uow);
    const verifier = new OAuthVerifier(apps, oauthTokens, new InMemoryNonceStore(moving), new NodeHmacSha1(), moving);
    const issue = new IssueRequestToken(verifier, oauthTokens, secrets, uow, moving);
    const authorize = new AuthorizeRequestToken(apps, oauthTokens, secrets, uow, moving);
    const exchange = new ExchangeAccessToken(verifier, oauthTokens, secrets, uow, moving);
    const plaintext = (token?: { token: string; secret: string }, extra: Record<string, string> = {}) => ({
      method: 'POST',
      url: 'https://api.test/oauth/x',
      oauth: new Map([
        ['oauth_consumer_key', app.consumerKey],
        ['oauth_signature_method', 'PLAINTEXT'],
        ['oauth_signature', `${app.consumerSecret}&${token?.secret ?? ''}`],
        ['oauth_timestamp', String(Math.floor(moving.now().getTime() / 1000))],
        ['oauth_nonce', secrets.generate(12)],
        ...(token ? [['oauth_token', token.token] as [string, string]] : []),
        ...Object.entries(extra),
      ]),
      parameters: [],
    });
    const user = { kind: 'user', userId: '1', username: 'Alice', via: 'token' } as const;

    const late = await issue.execute(plaintext(undefined, { oauth_callback: 'oob' }));
    moving.advance(15 * 60 * 1000 + 1);
    expect(await rejection(authorize.describe(late.token))).to.be.instanceOf(NotFound);

    const early = await issue.execute(plaintext(undefined, { oauth_callback: 'oob' }));
    const outcome = await authorize.decide({ caller: user, token: early.token, approve: true });
    expect(outcome.kind).to.equal('show verifier');
    moving.advance(15 * 60 * 1000 + 1);
    const expired = await rejection(exchange.execute(plaintext(early, { oauth_verifier: (outcome as { verifier: string }).verifier })));
    expect(expired).to.be.instanceOf(BadRequest);
    expect(expired.message).to.equal('The request token has expired (15 minutes after it was issued).');
  });

  it('compares secrets whole', () => {
    expect(sameSecret('abc', 'abc')).to.equal(true);
    expect(sameSecret('abc', 'abd')).to.equal(false);
    expect(sameSecret('abc', 'abcd')).to.equal(false);
    expect(sameSecret('', '')).to.equal(true);
  });
});

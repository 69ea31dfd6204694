import { emailKey, emailProblem } from '../../domain/identity/email.js';
import type { ClientApplication, PersonalToken, User } from '../../domain/identity/accounts.js';
import {
  APPLICATION_NAME_MAX_LENGTH,
  DEFAULT_TOKEN_LABEL,
  TOKEN_LABEL_MAX_LENGTH,
} from '../../domain/identity/accounts.js';
import {
  NameTaken,
  type ApplicationRepository,
  type PersonalTokenRepository,
  type UserRepository,
} from '../../domain/identity/identity-repositories.js';
import { loginNameProblem } from '../../domain/identity/login-name.js';
import { passwordProblem } from '../../domain/identity/password.js';
import { Conflict, Invalid, NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { SecretDigest, SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { callbackProblem, optionalText, requiredText } from './identity-inputs.js';

/** A user as others may see it: everything but the password hash. */
export type Account = Omit<User, 'passwordHash'>;

const account = ({ passwordHash: _, ...rest }: User): Account => rest;

export interface CreateUserInput {
  readonly username: unknown;
  readonly email: unknown;
  readonly password: unknown;
  readonly realName?: unknown;
}

/** Creates a user account: a free login name (in any case) and email, a password hashed before it is stored. */
export class CreateUser {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateUserInput): Promise<Account> {
    const username = requiredText(input.username, 'username');
    const nameProblem = loginNameProblem(username);
    if (nameProblem) throw new Invalid(nameProblem);
    const email = requiredText(input.email, 'email');
    const mailProblem = emailProblem(email);
    if (mailProblem) throw new Invalid(mailProblem);
    const password = requiredText(input.password, 'password', { trim: false });
    const weak = passwordProblem(password);
    if (weak) throw new Invalid(weak);
    const realName = optionalText(input.realName, 'real name', 200);
    const passwordHash = await this.hasher.hash(password);
    return this.uow.run(async () => {
      if (await this.users.byLoginName(username)) throw taken('login name', username);
      if (await this.users.byEmail(emailKey(email))) throw taken('email', email);
      try {
        return account(
          await this.users.add({
            username,
            realName,
            email,
            passwordHash,
            registeredAt: this.clock.now(),
            homePage: '',
            location: '',
            profile: '',
            currency: 'USD',
          }),
        );
      } catch (err) {
        // Another request took the name or address between the look-up and the insert.
        if (err instanceof NameTaken) throw taken(err.what, err.what === 'login name' ? username : email);
        throw err;
      }
    });
  }
}

function taken(what: 'login name' | 'email', value: string): Conflict {
  return what === 'login name'
    ? new Conflict(`The login name ${JSON.stringify(value)} is taken (names are compared without regard to case).`)
    : new Conflict(`An account with the email address ${JSON.stringify(value)} exists already.`);
}

/** Checks a login name and password; the account, or null (no difference told between an unknown name and a bad password). */
export class Authenticate {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(input: { username: string; password: string }): Promise<Account | null> {
    const user = await this.users.byLoginName(input.username);
    if (!user) {
      // As long as a real check, so that the time taken does not tell which names exist.
      await this.hasher.verify(input.password, DUMMY_HASH);
      return null;
    }
    return (await this.hasher.verify(input.password, user.passwordHash)) ? account(user) : null;
  }
}

/** An encoded hash of nothing anyone types, checked against when the name is unknown. */
export const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

async function userNamed(users: UserRepository, name: unknown): Promise<User> {
  const username = requiredText(name, 'user');
  const user = await users.byLoginName(username);
  if (!user) throw new NotFound(`There is no user ${JSON.stringify(username)}.`);
  return user;
}

/** An application as registered, with its consumer secret: shown to its owner when registered, never logged. */
export interface RegisteredApplication {
  readonly application: ClientApplication;
}

/** Registers an application for a user: a consumer key and secret made for it. */
export class RegisterApplication {
  constructor(
    private readonly users: UserRepository,
    private readonly applications: ApplicationRepository,
    private readonly secrets: SecretGenerator,
    private readonly ids: IdGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { name: unknown; owner: unknown; callbackUrl?: unknown }): Promise<ClientApplication> {
    const name = requiredText(input.name, 'application name');
    if (name.length > APPLICATION_NAME_MAX_LENGTH) {
      throw new Invalid(`An application name is at most ${APPLICATION_NAME_MAX_LENGTH} characters long.`);
    }
    const callback = optionalText(input.callbackUrl, 'callback URL', 2000);
    if (callback !== '') {
      const problem = callbackProblem(callback);
      if (problem) throw new Invalid(problem);
    }
    return this.uow.run(async () => {
      const owner = await userNamed(this.users, input.owner);
      const application: ClientApplication = {
        id: this.ids.next(),
        name,
        ownerId: owner.id,
        consumerKey: this.secrets.generate(20),
        consumerSecret: this.secrets.generate(32),
        callbackUrl: callback === '' ? null : callback,
        createdAt: this.clock.now(),
      };
      await this.applications.add(application);
      return application;
    });
  }
}

/** A personal token as created: the token itself exists only here, once. */
export interface CreatedToken {
  readonly token: string;
  readonly record: PersonalToken;
}

/** Generates a personal access token for a user; only its digest is stored. */
export class CreatePersonalToken {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: PersonalTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly digest: SecretDigest,
    private readonly ids: IdGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { user: unknown; label?: unknown }): Promise<CreatedToken> {
    const label = optionalText(input.label, 'label', TOKEN_LABEL_MAX_LENGTH) || DEFAULT_TOKEN_LABEL;
    return this.uow.run(async () => {
      const user = await userNamed(this.users, input.user);
      const token = this.secrets.generate(40);
      const record: PersonalToken = {
        id: this.ids.next(),
        userId: user.id,
        label,
        digest: this.digest.digest(token),
        lastCharacters: token.slice(-4),
        createdAt: this.clock.now(),
        revokedAt: null,
      };
      await this.tokens.add(record);
      return { token, record };
    });
  }
}

/** A user's personal tokens (what is kept of them: never the tokens), newest first. */
export class ListPersonalTokens {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: PersonalTokenRepository,
  ) {}

  async execute(input: { user: unknown }): Promise<PersonalToken[]> {
    const user = await userNamed(this.users, input.user);
    return this.tokens.ofUser(user.id);
  }
}

/** Revokes one of a user's personal tokens; from then on it authenticates nobody. */
export class RevokePersonalToken {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: PersonalTokenRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { user: unknown; tokenId: unknown }): Promise<PersonalToken> {
    const tokenId = requiredText(input.tokenId, 'token id');
    return this.uow.run(async () => {
      const user = await userNamed(this.users, input.user);
      const token = await this.tokens.byId(tokenId);
      // Another user's token is as unknown as one that does not exist.
      if (!token || token.userId !== user.id) throw new NotFound(`${user.username} has no token ${JSON.stringify(tokenId)}.`);
      await this.tokens.revoke(token.id, this.clock.now());
      return (await this.tokens.byId(token.id))!;
    });
  }
}

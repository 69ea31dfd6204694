import { emailKey, emailProblem } from '../../domain/identity/email.js';
import { NameTaken, type UserRepository } from '../../domain/identity/identity-repositories.js';
import { loginNameProblem } from '../../domain/identity/login-name.js';
import { passwordProblem } from '../../domain/identity/password.js';
import { Conflict, Invalid } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { type Account, account } from './account.js';
import { optionalText, requiredText } from './identity-inputs.js';

/** A new account as the client sent it: CreateUser checks each field. */
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

import { emailKey, emailProblem } from '../../domain/identity/email.js';
import { nameTaken, type UserRepository } from '../../domain/identity/identity-repositories.js';
import { loginNameProblem } from '../../domain/identity/login-name.js';
import { passwordProblem } from '../../domain/identity/password.js';
import { Invalid } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { type Account, account } from './account.js';
import { optionalText, requiredText } from './identity-inputs.js';

/** A new account as a form or a command gave it (text): CreateUser checks each field. */
export interface CreateUserInput {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly realName?: string;
  /**
   * Whether the address counts as confirmed from the start: yes unless false (an operator's `spindle user add`, the
   * demo); the sign-up form gives false, and mails a link (ADR 0064).
   */
  readonly emailConfirmed?: boolean;
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
    const registeredAt = this.clock.now();
    return this.uow.run(async () => {
      if (await this.users.byLoginName(username)) throw nameTaken('login name', username);
      if (await this.users.byEmail(emailKey(email))) throw nameTaken('email', email);
      // Another request may take the name or address between the look-up and the insert: the repository refuses it alike.
      return account(
        await this.users.add({
          username,
          realName,
          email,
          passwordHash,
          registeredAt,
          emailConfirmedAt: input.emailConfirmed === false ? null : registeredAt,
          homePage: '',
          location: '',
          profile: '',
          currency: 'USD',
        }),
      );
    });
  }
}

import type { ClientApplication } from '../../domain/identity/accounts.js';
import { APPLICATION_NAME_MAX_LENGTH } from '../../domain/identity/accounts.js';
import type { ApplicationRepository, UserRepository } from '../../domain/identity/identity-repositories.js';
import { Invalid } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { callbackProblem, optionalText, requiredText } from './identity-inputs.js';
import { userNamed } from './user-named.js';

/** An application as registered, with its consumer secret: shown to its owner when registered, never logged. */
/** The length of a consumer secret (62 letters and digits each: about 190 bits). */
export const CONSUMER_SECRET_LENGTH = 32;

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

  async execute(input: { name: string; owner: string; callbackUrl?: string }): Promise<ClientApplication> {
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
        consumerSecret: this.secrets.generate(CONSUMER_SECRET_LENGTH),
        callbackUrl: callback === '' ? null : callback,
        createdAt: this.clock.now(),
        description: '',
        websiteUrl: null,
      };
      await this.applications.add(application);
      return application;
    });
  }
}

import type { ApplicationRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { ownApplication } from './own-application.js';
import { CONSUMER_SECRET_LENGTH } from './register-application.js';

/**
 * Gives an application its owner owns a new consumer secret (the old one stops working at once: key-and-secret calls
 * and OAuth signatures made with it are refused); the key stays. Answers the key and the new secret, to show once.
 * `NotFound` for another's application or none.
 */
export class RotateApplicationSecret {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly secrets: SecretGenerator,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly userId: number; readonly applicationId: string }): Promise<{ readonly name: string; readonly consumerKey: string; readonly consumerSecret: string }> {
    return this.uow.run(async () => {
      const application = await ownApplication(this.applications, input.applicationId, input.userId);
      const consumerSecret = this.secrets.generate(CONSUMER_SECRET_LENGTH);
      if (!(await this.applications.replaceSecret(application.id, consumerSecret))) throw new NotFound('Application not found.');
      return { name: application.name, consumerKey: application.consumerKey, consumerSecret };
    });
  }
}

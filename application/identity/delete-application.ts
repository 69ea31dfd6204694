import type { ApplicationRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { ownApplication } from './own-application.js';

/**
 * Deletes an application its owner owns, with every OAuth token it was given (the users it acted for lose nothing
 * but its access). Answers its name. `NotFound` for another's application or none.
 */
export class DeleteApplication {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly userId: number; readonly applicationId: string }): Promise<string> {
    return this.uow.run(async () => {
      const application = await ownApplication(this.applications, input.applicationId, input.userId);
      await this.applications.remove(application.id);
      return application.name;
    });
  }
}

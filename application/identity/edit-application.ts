import { APPLICATION_DESCRIPTION_MAX_LENGTH, APPLICATION_NAME_MAX_LENGTH, type ClientApplication } from '../../domain/identity/accounts.js';
import type { ApplicationRepository } from '../../domain/identity/identity-repositories.js';
import { Refusal, type RefusalProblem } from '../../domain/shared/refusal.js';
import { NotFound } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { callbackProblem, httpUrlProblem } from './identity-inputs.js';
import { ownApplication } from './own-application.js';

/** An application's fields as its owner's form gives them (text; blank optional fields mean none). */
export interface ApplicationEdit {
  readonly userId: number;
  readonly applicationId: string;
  readonly name: string;
  readonly description: string;
  readonly callbackUrl: string;
  readonly websiteUrl: string;
}

/**
 * Changes an application its owner owns: the name (required, at most `APPLICATION_NAME_MAX_LENGTH`), description (at
 * most `APPLICATION_DESCRIPTION_MAX_LENGTH`), callback URL (`callbackProblem`, as at registration) and website (an
 * http(s) URL); every problem at once by field (`name`, `description`, `callback_url`, `website_url`) in one
 * `invalid` Refusal, nothing changed. `NotFound` for another's application or none (`ownApplication`). Answers the
 * application as stored. Its key and secret stay.
 */
export class EditApplication {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly uow: UnitOfWork,
  ) {}

  /** The owner's application, for its page (`NotFound` otherwise). */
  own(userId: number, applicationId: string): Promise<ClientApplication> {
    return ownApplication(this.applications, applicationId, userId);
  }

  async execute(input: ApplicationEdit): Promise<ClientApplication> {
    const name = input.name.trim();
    const description = input.description.trim();
    const callbackUrl = input.callbackUrl.trim();
    const websiteUrl = input.websiteUrl.trim();
    const problems: RefusalProblem[] = [];
    if (name === '') problems.push({ field: 'name', message: 'An application needs a name.' });
    else if (name.length > APPLICATION_NAME_MAX_LENGTH) problems.push({ field: 'name', message: `An application name is at most ${APPLICATION_NAME_MAX_LENGTH} characters long.` });
    if (description.length > APPLICATION_DESCRIPTION_MAX_LENGTH) {
      problems.push({ field: 'description', message: `A description is at most ${APPLICATION_DESCRIPTION_MAX_LENGTH} characters long.` });
    }
    const callback = callbackUrl === '' ? null : callbackProblem(callbackUrl);
    if (callback) problems.push({ field: 'callback_url', message: callback });
    const website = websiteUrl === '' ? null : httpUrlProblem(websiteUrl, 'A website address');
    if (website) problems.push({ field: 'website_url', message: website });
    return this.uow.run(async () => {
      const application = await ownApplication(this.applications, input.applicationId, input.userId);
      if (problems.length > 0) throw Refusal.ofProblems(problems);
      const changes = { name, description, callbackUrl: callbackUrl === '' ? null : callbackUrl, websiteUrl: websiteUrl === '' ? null : websiteUrl };
      if (!(await this.applications.update(application.id, changes))) throw new NotFound('Application not found.');
      return { ...application, ...changes };
    });
  }
}

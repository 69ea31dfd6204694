import type { ClientApplication } from '../../domain/identity/accounts.js';
import type { ApplicationRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';

/**
 * The application with this id when `userId` owns it; `NotFound` otherwise, the same for another's application as
 * for none, so the developer pages do not tell which ids exist.
 */
export async function ownApplication(applications: ApplicationRepository, id: string, userId: number): Promise<ClientApplication> {
  const application = id.length <= 100 ? await applications.byId(id) : null;
  if (!application || application.ownerId !== userId) throw new NotFound('Application not found.');
  return application;
}

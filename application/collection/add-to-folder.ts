import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import { Instance } from '../../domain/collection/instance.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { ownerChange } from './collection-access.js';
import type { HeldReleases } from './held-releases.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { recordInstanceChange } from './instance-events.js';

/** `POST /s/{name}/collection/folders/{id}/releases/{release_id}`: a new instance of the release in the folder (201); records `collection.changed` with it. */
export class AddToFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: { name: string; folderId: number; releaseId: number; caller: Caller }): Promise<{ user: User; instance: Instance }> {
    const releaseExists = async (): Promise<void> => {
      if (!(await this.held.exists(input.releaseId))) throw new NotFound('Release not found.');
    };
    return ownerChange(
      { users: this.users, collections: this.collections, uow: this.uow },
      input,
      async (user, collection) => {
        collection.receivingFolder(input.folderId);
        const now = this.clock.now();
        const instance = Instance.added(await this.collections.nextInstanceId(), user.id, input.releaseId, input.folderId, now);
        await this.collections.addInstance(instance);
        await recordInstanceChange(this.events, this.held, { user, collection, instance, caller: input.caller, at: now });
        return { user, instance };
      },
      releaseExists,
    );
  }
}

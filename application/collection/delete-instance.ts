import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Clock } from '../ports/clock.js';
import type { HeldReleases } from './held-releases.js';
import { recordInstanceChange } from './instance-events.js';
import { ownerChange } from './collection-access.js';
import { type InstancePath, instanceAt } from './instance-path.js';

/** `DELETE …/instances/{instance_id}`: removes the instance, 204. The owner only. Records `collection.changed` with the instance as it was. */
export class DeleteInstance {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: InstancePath): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const instance = await instanceAt(this.collections, user, input);
      await this.collections.removeInstance(instance);
      await recordInstanceChange(this.events, this.held, { user, collection, instance, caller: input.caller, at: this.clock.now() });
    });
  }
}

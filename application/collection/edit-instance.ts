import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Clock } from '../ports/clock.js';
import type { HeldReleases } from './held-releases.js';
import { recordInstanceChange } from './instance-events.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { ownerChange } from './collection-access.js';
import type { InstanceMoveInput, InstanceRatingInput } from './collection-inputs.js';
import { type InstancePath, instanceAt } from './instance-path.js';

/**
 * `POST …/instances/{instance_id}` with `folder_id` (move) and/or `rating` (0–5): 204. The owner only. The move is
 * read before the instance is found, the rating after the instance and the folder it moves to: two inputs of one
 * body, so that each refusal comes where it always did. Records `collection.changed` with the change.
 */
export class EditInstance {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: InstancePath & { move: CheckedInput<InstanceMoveInput>; rating: CheckedInput<InstanceRatingInput> }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const target = input.move().folderId;
      let instance = await instanceAt(this.collections, user, input);
      if (target !== undefined && target !== instance.folderId) instance = instance.movedTo(collection.receivingFolder(target).id);
      const { rating } = input.rating();
      if (rating !== undefined) instance = instance.rated(rating);
      await this.collections.updateInstance(instance);
      await recordInstanceChange(this.events, this.held, { user, collection, instance, caller: input.caller, at: this.clock.now() });
    });
  }
}

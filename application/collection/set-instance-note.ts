import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Clock } from '../ports/clock.js';
import type { HeldReleases } from './held-releases.js';
import { recordInstanceChange } from './instance-events.js';
import { ownerChange } from './collection-access.js';
import type { NoteValueInput } from './collection-inputs.js';
import { type InstancePath, instanceAt } from './instance-path.js';

/**
 * `POST …/instances/{instance_id}/fields/{field_id}` with the value in `?value=` or a JSON body `{"value": …}`: sets
 * the note (empty text clears it), checked against its field once the field is found; 204. The owner only. Records
 * `collection.changed` with it.
 */
export class SetInstanceNote {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: InstancePath & { fieldId: number; value: NoteValueInput }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const note = collection.note(input.fieldId, input.value(collection.field(input.fieldId).name));
      const instance = await instanceAt(this.collections, user, input);
      const noted = instance.noted(note);
      await this.collections.updateInstance(noted);
      await recordInstanceChange(this.events, this.held, { user, collection, instance: noted, caller: input.caller, at: this.clock.now() });
    });
  }
}

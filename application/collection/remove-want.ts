import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Clock } from '../ports/clock.js';
import type { HeldReleases } from './held-releases.js';
import { wantViewOf } from './want-view.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { ownerChange } from './collection-access.js';

/** `DELETE /s/{name}/wants/{release_id}`: removes the want, 204; 404 when not wanted. The owner only. Records `wantlist.changed` with the want as it was. */
export class RemoveWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user) => {
      const old = await this.wants.want(user.id, input.releaseId);
      if (!old) throw new NotFound('The release is not in the wantlist.');
      await this.wants.remove(user.id, input.releaseId);
      await this.events.want(await wantViewOf(this.held, user, old, input.caller), this.clock.now());
    });
  }
}

import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import { Want, type WantEdit } from '../../domain/collection/want.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { ownerChange } from './collection-access.js';
import type { HeldReleases } from './held-releases.js';
import { type WantView, wantViewOf } from './want-view.js';

/**
 * `PUT /s/{name}/wants/{release_id}`: adds the release to the wantlist with the notes and rating given (201); a want
 * that exists already is updated instead (clients re-send PUTs), still 201 with the want. The owner only. Records
 * `wantlist.changed` with it.
 */
export class PutWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller; change: CheckedInput<WantEdit> }): Promise<WantView> {
    const releaseExists = async (): Promise<void> => {
      if (!(await this.held.exists(input.releaseId))) throw new NotFound('Release not found.');
    };
    return ownerChange(
      { users: this.users, collections: this.collections, uow: this.uow },
      input,
      async (user) => {
        const now = this.clock.now();
        const old = await this.wants.want(user.id, input.releaseId);
        const want = (old ?? Want.added(user.id, input.releaseId, now)).edited(input.change());
        if (old) await this.wants.update(want);
        else await this.wants.add(want);
        const view = await wantViewOf(this.held, user, want, input.caller);
        await this.events.want(view, now);
        return view;
      },
      releaseExists,
    );
  }
}

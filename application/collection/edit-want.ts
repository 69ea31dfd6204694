import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import type { WantEdit } from '../../domain/collection/want.js';
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

/** `POST /s/{name}/wants/{release_id}`: changes the notes and rating of a want (200 with it); 404 when not wanted. Records `wantlist.changed` with it. */
export class EditWant {
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
    return ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user) => {
      const old = await this.wants.want(user.id, input.releaseId);
      if (!old) throw new NotFound('The release is not in the wantlist.');
      const want = old.edited(input.change());
      await this.wants.update(want);
      const view = await wantViewOf(this.held, user, want, input.caller);
      await this.events.want(view, this.clock.now());
      return view;
    });
  }
}

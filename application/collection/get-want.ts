import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { requireOwnerUnless, userNamed } from './collection-access.js';
import type { HeldReleases } from './held-releases.js';
import { type WantView, wantViewOf } from './want-view.js';

/** `GET /s/{name}/wants/{release_id}`: one want. */
export class GetWant {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly wants: WantlistRepository,
    private readonly held: HeldReleases,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller }): Promise<WantView> {
    const user = await userNamed(this.users, input.name);
    requireOwnerUnless((await this.collections.load(user.id)).privacy.wantlistPublic, input.caller, user);
    const want = await this.wants.want(user.id, input.releaseId);
    if (!want) throw new NotFound('The release is not in the wantlist.');
    return wantViewOf(this.held, user, want, input.caller);
  }
}

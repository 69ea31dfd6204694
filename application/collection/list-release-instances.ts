import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Invalid, NotFound } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { pageOffset, type PageRequest } from '../shared/page.js';
import { isOwner, requireOwnerUnless, userNamed } from './collection-access.js';
import type { HeldReleases } from './held-releases.js';
import { type InstancePage, instanceViewsOf } from './instance-view.js';

/** `GET /s/{name}/collection/releases/{release_id}`: the instances of one release, to the owner or, when public, anyone. */
export class ListReleaseInstances {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly held: HeldReleases,
  ) {}

  async execute(input: { name: string; releaseId: number; caller: Caller; page: PageRequest }): Promise<InstancePage> {
    const user = await userNamed(this.users, input.name);
    const collection = await this.collections.load(user.id);
    requireOwnerUnless(collection.privacy.collectionPublic, input.caller, user);
    if (input.releaseId === 0) throw new Invalid('Invalid release_id: expected the id of a release (not 0).');
    const slice = await this.collections.instancesOfRelease(user.id, input.releaseId, pageOffset(input.page), input.page.perPage);
    if (slice.total === 0 && !(await this.held.exists(input.releaseId))) throw new NotFound('Release not found.');
    const items = await instanceViewsOf(slice.items, collection, isOwner(input.caller, user), this.held, input.caller);
    return { user, page: { items, total: slice.total, page: input.page.page, perPage: input.page.perPage } };
  }
}

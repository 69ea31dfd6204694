import { ALL_FOLDER, type Collection } from '../../domain/collection/collection.js';
import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { CollectionSort } from '../../domain/collection/collection-sort.js';
import { Instance } from '../../domain/collection/instance.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Invalid, NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { pageOffset, type Page, type PageRequest, type SortOrder } from '../shared/page.js';
import { bodyFields, isOwner, ownerChange, requireOwnerUnless, underRules, userNamed, wholeNumber } from './collection-access.js';
import type { HeldRelease, HeldReleases } from './held-releases.js';

/** An instance as a caller sees it: its release's basic information and the notes of the fields they may see. */
export interface InstanceView {
  readonly instance: Instance;
  readonly release: HeldRelease;
  readonly notes: readonly { fieldId: number; value: string }[];
}

/** A page of instances of a user's collection. */
export interface InstancePage {
  readonly user: User;
  readonly page: Page<InstanceView>;
}

/** Where an instance is named in a path: `/collection/folders/{folderId}/releases/{releaseId}/instances/{instanceId}`. */
export interface InstancePath {
  readonly name: string;
  readonly folderId: number;
  readonly releaseId: number;
  readonly instanceId: number;
  readonly caller: Caller;
}

async function viewsOf(
  instances: readonly Instance[],
  collection: Collection,
  owner: boolean,
  held: HeldReleases,
  caller: Caller,
): Promise<InstanceView[]> {
  const releases = await held.of(
    instances.map((i) => i.releaseId),
    caller,
  );
  const visible = collection.visibleFields(owner);
  return instances.map((instance) => ({ instance, release: releases.get(instance.releaseId)!, notes: instance.visibleNotes(visible) }));
}

/**
 * `GET /s/{name}/collection/folders/{id}/releases`: the instances in a folder, sorted and paginated. The owner sees
 * any folder and every notes field; anyone else folder 0 of a public collection and its public fields.
 */
export class ListFolderItems {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly held: HeldReleases,
  ) {}

  async execute(input: {
    name: string;
    folderId: number;
    caller: Caller;
    sort: CollectionSort;
    order: SortOrder;
    page: PageRequest;
  }): Promise<InstancePage> {
    const user = await userNamed(this.users, input.name);
    const collection = await this.collections.load(user.id);
    requireOwnerUnless(collection.privacy.collectionPublic && input.folderId === ALL_FOLDER, input.caller, user);
    await underRules(async () => collection.folder(input.folderId));
    const slice = await this.collections.instancesInFolder(user.id, input.folderId, {
      sort: input.sort,
      order: input.order,
      offset: pageOffset(input.page),
      limit: input.page.perPage,
    });
    const items = await viewsOf(slice.items, collection, isOwner(input.caller, user), this.held, input.caller);
    return { user, page: { items, total: slice.total, page: input.page.page, perPage: input.page.perPage } };
  }
}

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
    const items = await viewsOf(slice.items, collection, isOwner(input.caller, user), this.held, input.caller);
    return { user, page: { items, total: slice.total, page: input.page.page, perPage: input.page.perPage } };
  }
}

/** `POST /s/{name}/collection/folders/{id}/releases/{release_id}`: a new instance of the release in the folder (201). */
export class AddToFolder {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly held: HeldReleases,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
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
        const instance = Instance.added(await this.collections.nextInstanceId(), user.id, input.releaseId, input.folderId, this.clock.now());
        await this.collections.addInstance(instance);
        return { user, instance };
      },
      releaseExists,
    );
  }
}

/** The instance a path names: the user's, of that release, in that folder (or folder 0, which holds every instance). */
async function instanceAt(collections: CollectionRepository, user: User, path: InstancePath): Promise<Instance> {
  const instance = await collections.instance(user.id, path.instanceId);
  if (!instance || instance.releaseId !== path.releaseId || (path.folderId !== ALL_FOLDER && instance.folderId !== path.folderId)) {
    throw new NotFound('Instance not found.');
  }
  return instance;
}

/** `POST …/instances/{instance_id}` with `folder_id` (move) and/or `rating` (0–5): 204. The owner only. */
export class EditInstance {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: InstancePath & { body: unknown }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const fields = bodyFields(input.body);
      const target = fields.folder_id === undefined ? undefined : wholeNumber(fields.folder_id, 'folder_id');
      let instance = await instanceAt(this.collections, user, input);
      if (target !== undefined && target !== instance.folderId) instance = instance.movedTo(collection.receivingFolder(target).id);
      if (fields.rating !== undefined) instance = instance.rated(fields.rating);
      await this.collections.updateInstance(instance);
    });
  }
}

/** `DELETE …/instances/{instance_id}`: removes the instance, 204. The owner only. */
export class DeleteInstance {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: InstancePath): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user) => this.collections.removeInstance(await instanceAt(this.collections, user, input)));
  }
}

/**
 * `POST …/instances/{instance_id}/fields/{field_id}` with the value in `?value=` or a JSON body `{"value": …}`: sets
 * the note (empty text clears it), checked against its field; 204. The owner only.
 */
export class SetInstanceNote {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: InstancePath & { fieldId: number; value: unknown }): Promise<void> {
    await ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
      const note = collection.note(input.fieldId, input.value);
      const instance = await instanceAt(this.collections, user, input);
      await this.collections.updateInstance(instance.noted(note));
    });
  }
}

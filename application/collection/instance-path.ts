import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import { ALL_FOLDER } from '../../domain/collection/collection.js';
import type { Instance } from '../../domain/collection/instance.js';
import type { User } from '../../domain/identity/accounts.js';
import { NotFound } from '../errors.js';
import type { Caller } from '../shared/caller.js';

/** Where an instance is named in a path: `/collection/folders/{folderId}/releases/{releaseId}/instances/{instanceId}`. */
export interface InstancePath {
  readonly name: string;
  readonly folderId: number;
  readonly releaseId: number;
  readonly instanceId: number;
  readonly caller: Caller;
}

/** The instance a path names: the user's, of that release, in that folder (or folder 0, which holds every instance). */
export async function instanceAt(collections: CollectionRepository, user: User, path: InstancePath): Promise<Instance> {
  const instance = await collections.instance(user.id, path.instanceId);
  if (!instance || instance.releaseId !== path.releaseId || (path.folderId !== ALL_FOLDER && instance.folderId !== path.folderId)) {
    throw new NotFound('Instance not found.');
  }
  return instance;
}

import type { Collection, Folder } from '../../domain/collection/collection.js';
import type { NotesField } from '../../domain/collection/notes-fields.js';
import type { Instance } from '../../domain/collection/instance.js';
import type { User } from '../../domain/identity/accounts.js';
import type { Caller } from '../shared/caller.js';
import type { Page } from '../shared/page.js';
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

/**
 * A page of a folder's instances, with what the folder's page also shows and the use case read anyway: the folders
 * and the notes fields the caller may see (as `ListFolders` and `ListFields` answer them).
 */
export interface FolderPage extends InstancePage {
  readonly folders: readonly Folder[];
  readonly fields: readonly NotesField[];
}

/** Instances as a caller sees them: their releases, and the notes of the fields `owner` decides they may see. */
export async function instanceViewsOf(
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

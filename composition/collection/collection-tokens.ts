import type { GetCollectionValue } from '../../application/collection/collection-value.js';
import type { AddToFolder } from '../../application/collection/add-to-folder.js';
import type { CollectionSettingsUseCase } from '../../application/collection/collection-settings.js';
import type { CreateFolder } from '../../application/collection/create-folder.js';
import type { DeleteFolder } from '../../application/collection/delete-folder.js';
import type { DeleteInstance } from '../../application/collection/delete-instance.js';
import type { EditFolder } from '../../application/collection/edit-folder.js';
import type { EditInstance } from '../../application/collection/edit-instance.js';
import type { EditWant } from '../../application/collection/edit-want.js';
import type { GetFolder } from '../../application/collection/get-folder.js';
import type { GetWant } from '../../application/collection/get-want.js';
import type { ListFields } from '../../application/collection/list-fields.js';
import type { ListFolderItems } from '../../application/collection/list-folder-items.js';
import type { ListFolders } from '../../application/collection/list-folders.js';
import type { ListReleaseInstances } from '../../application/collection/list-release-instances.js';
import type { ListWants } from '../../application/collection/list-wants.js';
import type { PutWant } from '../../application/collection/put-want.js';
import type { RemoveWant } from '../../application/collection/remove-want.js';
import type { SetInstanceNote } from '../../application/collection/set-instance-note.js';
import type { HeldReleases } from '../../application/collection/held-releases.js';
import type { CollectionListReader } from '../../application/ports/collection-list-reader.js';
import type { ReleasePrices } from '../../application/ports/release-prices.js';
import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import { token } from '../token.js';


export const COLLECTION = {
  Repository: token<CollectionRepository>('collection/Repository'),
  Wantlists: token<WantlistRepository>('collection/Wantlists'),
  ListReader: token<CollectionListReader>('collection/ListReader'),
  HeldReleases: token<HeldReleases>('collection/HeldReleases'),
  /** Optional slot: marketplace prices of releases for the collection value (none bound: nothing has a price). */
  ReleasePrices: token<ReleasePrices>('collection/ReleasePrices'),
  ListFolders: token<ListFolders>('collection/ListFolders'),
  GetFolder: token<GetFolder>('collection/GetFolder'),
  CreateFolder: token<CreateFolder>('collection/CreateFolder'),
  EditFolder: token<EditFolder>('collection/EditFolder'),
  DeleteFolder: token<DeleteFolder>('collection/DeleteFolder'),
  ListFolderItems: token<ListFolderItems>('collection/ListFolderItems'),
  ListReleaseInstances: token<ListReleaseInstances>('collection/ListReleaseInstances'),
  AddToFolder: token<AddToFolder>('collection/AddToFolder'),
  EditInstance: token<EditInstance>('collection/EditInstance'),
  DeleteInstance: token<DeleteInstance>('collection/DeleteInstance'),
  SetInstanceNote: token<SetInstanceNote>('collection/SetInstanceNote'),
  ListFields: token<ListFields>('collection/ListFields'),
  Settings: token<CollectionSettingsUseCase>('collection/Settings'),
  GetValue: token<GetCollectionValue>('collection/GetValue'),
  ListWants: token<ListWants>('collection/ListWants'),
  GetWant: token<GetWant>('collection/GetWant'),
  PutWant: token<PutWant>('collection/PutWant'),
  EditWant: token<EditWant>('collection/EditWant'),
  RemoveWant: token<RemoveWant>('collection/RemoveWant'),
} as const;

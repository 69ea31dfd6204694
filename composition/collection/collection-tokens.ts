import type { GetCollectionValue } from '../../application/collection/collection-value.js';
import type { CollectionSettingsUseCase, ListFields } from '../../application/collection/fields.js';
import type { CreateFolder, DeleteFolder, EditFolder, GetFolder, ListFolders } from '../../application/collection/folders.js';
import type { HeldReleases } from '../../application/collection/held-releases.js';
import type {
  AddToFolder,
  DeleteInstance,
  EditInstance,
  ListFolderItems,
  ListReleaseInstances,
  SetInstanceNote,
} from '../../application/collection/instances.js';
import type { EditWant, GetWant, ListWants, PutWant, RemoveWant } from '../../application/collection/wantlist.js';
import type { ReleasePrices } from '../../application/ports/release-prices.js';
import type { CollectionRepository, WantlistRepository } from '../../domain/collection/collection-repository.js';
import { token } from '../token.js';


export const COLLECTION = {
  Repository: token<CollectionRepository>('collection/Repository'),
  Wantlists: token<WantlistRepository>('collection/Wantlists'),
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

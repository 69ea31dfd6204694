import type { Folder } from '../../domain/collection/collection.js';
import type { User } from '../../domain/identity/accounts.js';

/** A folder with the user it belongs to (for its URL). */
export interface FolderView {
  readonly user: User;
  readonly folder: Folder;
}

import type { Want } from '../../domain/collection/want.js';
import type { User } from '../../domain/identity/accounts.js';
import type { Caller } from '../shared/caller.js';
import { isOwner } from './collection-access.js';
import type { HeldRelease, HeldReleases } from './held-releases.js';

/** A want as a caller sees it: the notes to the owner, and to others when the owner made them public. */
export interface WantView {
  readonly user: User;
  readonly want: Want;
  readonly release: HeldRelease;
  /** The notes: to the owner, or to anyone when public. */
  readonly notes: string | undefined;
}

/** The notes of a want as `caller` may see them. */
export const notesFor = (want: Want, owner: boolean): string | undefined => (owner || want.notesPublic ? want.notes : undefined);

/** A want as `caller` sees it, with its release. */
export async function wantViewOf(held: HeldReleases, user: User, want: Want, caller: Caller): Promise<WantView> {
  const release = (await held.of([want.releaseId], caller)).get(want.releaseId)!;
  return { user, want, release, notes: notesFor(want, isOwner(caller, user)) };
}

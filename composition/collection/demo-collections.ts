import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import type { Container } from 'inversify';
import type { Caller } from '../../application/shared/caller.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { DEMO_USERS } from '../identity/identity-module.js';
import { COLLECTION } from './collection-tokens.js';

/** What each demo user gets: folders, releases filed in them (by their place among the demo releases), wants. */
const PLANS: Record<(typeof DEMO_USERS)[number], { folders: string[]; filed: Array<[folder: number, release: number]>; wants: number[] }> = {
  'demo-seller': { folders: ['Vinyl', 'For the shop'], filed: [[1, 0], [1, 1], [2, 2], [2, 3], [0, 4], [0, 0]], wants: [5, 6] },
  'demo-buyer': { folders: ['Favourites'], filed: [[1, 2], [1, 5], [0, 6]], wants: [0, 1, 3] },
};

const MEDIA = ['Near Mint (NM or M-)', 'Very Good Plus (VG+)', 'Very Good (VG)'];

/**
 * The demo users' collections and wantlists, when they have none yet: folders, instances of the demo releases with
 * ratings and notes (a private Notes text among them), and wants with notes, so that every collection and wantlist
 * endpoint answers with content on a fresh `npm start`.
 */
export async function seedDemoCollections(container: Container, log: (line: string) => void): Promise<void> {
  const users = container.get(IDENTITY.UserRepository);
  const releases = await container.get(CATALOGUE.Samples).lowestIds('release', 8);
  if (releases.length < 8) {
    log('collection: too few releases for demo collections; left out');
    return;
  }
  for (const name of DEMO_USERS) {
    const user = await users.byLoginName(name);
    if (!user) continue;
    const caller: Caller = { kind: 'user', userId: String(user.id), username: user.username, via: 'session' };
    const held = await container.get(COLLECTION.Repository).releaseIdsHeld(user.id);
    if (held.length > 0) {
      log(`collection: ${name} has a collection already; demo collection left out`);
      continue;
    }
    const plan = PLANS[name];
    const folderIds = [1];
    for (const folder of plan.folders) {
      folderIds.push((await container.get(COLLECTION.CreateFolder).execute({ name, caller, body: () => ({ name: folder }) })).folder.id);
    }
    let n = 0;
    for (const [folder, place] of plan.filed) {
      const folderId = folderIds[Math.min(folder, folderIds.length - 1)] ?? 1;
      const releaseId = releases[place]!;
      const { instance } = await container.get(COLLECTION.AddToFolder).execute({ name, caller, folderId, releaseId });
      const path = { name, caller, folderId, releaseId, instanceId: instance.id };
      await container.get(COLLECTION.EditInstance).execute({ ...path, move: () => ({}), rating: () => ({ rating: (n % 5) + 1 }) });
      await container.get(COLLECTION.SetInstanceNote).execute({ ...path, fieldId: 1, value: () => MEDIA[n % MEDIA.length]! });
      await container.get(COLLECTION.SetInstanceNote).execute({ ...path, fieldId: 2, value: () => 'Very Good Plus (VG+)' });
      if (n % 2 === 0) await container.get(COLLECTION.SetInstanceNote).execute({ ...path, fieldId: 3, value: () => `Bought in ${2001 + n}; private note.` });
      n++;
    }
    for (const [w, place] of plan.wants.entries()) {
      // The first want's notes are public (notes_public), the others the owner's alone.
      await container.get(COLLECTION.PutWant).execute({
        name,
        caller,
        releaseId: releases[place]!,
        change: () => ({ notes: w === 0 ? 'Any pressing will do, offers welcome.' : 'Looking for a clean copy.', rating: 4, notesPublic: w === 0 }),
      });
    }
    log(`collection: ${name} got ${plan.folders.length} folders, ${plan.filed.length} instances and ${plan.wants.length} wants`);
  }
}

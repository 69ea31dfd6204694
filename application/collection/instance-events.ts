import type { Collection } from '../../domain/collection/collection.js';
import type { Instance } from '../../domain/collection/instance.js';
import type { User } from '../../domain/identity/accounts.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { Caller } from '../shared/caller.js';
import type { HeldReleases } from './held-releases.js';
import { instanceViewsOf } from './instance-view.js';

/**
 * Records `collection.changed` for the collection's owner about `instance` (after a change, or as it was before its
 * removal), the instance as the owner sees it; call it in the change's unit of work, after its writes.
 */
export async function recordInstanceChange(
  events: EventRecorder,
  held: HeldReleases,
  change: { readonly user: User; readonly collection: Collection; readonly instance: Instance; readonly caller: Caller; readonly at: Date },
): Promise<void> {
  const [view] = await instanceViewsOf([change.instance], change.collection, true, held, change.caller);
  await events.instance(change.user.id, view!, change.at);
}

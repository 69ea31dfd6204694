import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import type { FieldSpec, Privacy } from '../../domain/collection/collection.js';
import type { NotesField } from '../../domain/collection/notes-fields.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { ownerChange, requireOwner, userNamed } from './collection-access.js';

/** What the settings page shows: the fields, in order, and the privacy of the collection and wantlist. */
export interface CollectionSettings {
  readonly fields: readonly NotesField[];
  readonly privacy: Privacy;
}

/** A change made on the collection settings page. */
export type SettingsChange =
  | { readonly kind: 'privacy'; readonly privacy: Privacy }
  | { readonly kind: 'add-field'; readonly spec: FieldSpec }
  | { readonly kind: 'edit-field'; readonly fieldId: number; readonly spec: FieldSpec }
  | { readonly kind: 'remove-field'; readonly fieldId: number }
  | { readonly kind: 'move-field'; readonly fieldId: number; readonly step: -1 | 1 };

/**
 * The collection settings of the web page (the API has no calls for them): privacy of the collection and the
 * wantlist, and the notes fields (add, edit, remove, reorder). Removing a field removes its notes; dropping a
 * dropdown's option removes the notes that held it. The user only.
 */
export class CollectionSettingsUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async read(input: { name: string; caller: Caller }): Promise<CollectionSettings> {
    const user = await userNamed(this.users, input.name);
    requireOwner(input.caller, user);
    const collection = await this.collections.load(user.id);
    return { fields: collection.fields, privacy: collection.privacy };
  }

  async change(input: { name: string; caller: Caller; change: SettingsChange }): Promise<CollectionSettings> {
    const change = input.change;
    return ownerChange({ users: this.users, collections: this.collections, uow: this.uow }, input, async (user, collection) => {
        const changed =
          change.kind === 'privacy'
            ? collection.withPrivacy(change.privacy)
            : change.kind === 'add-field'
              ? collection.addField(change.spec)
              : change.kind === 'edit-field'
                ? collection.editField(change.fieldId, change.spec)
                : change.kind === 'remove-field'
                  ? collection.removeField(change.fieldId)
                  : collection.moveField(change.fieldId, change.step);
        await this.collections.save(changed);
        if (change.kind === 'remove-field') await this.collections.removeNotes(user.id, change.fieldId);
        if (change.kind === 'edit-field') {
          const field = changed.field(change.fieldId);
          if (field.type === 'dropdown') await this.collections.removeNotes(user.id, field.id, field.options);
        }
        return { fields: changed.fields, privacy: changed.privacy };
    });
  }
}

import { Refusal } from '../shared/refusal.js';
import {
  DEFAULT_FIELDS,
  dropdownOptions,
  fieldById,
  fieldName,
  FIELD_LIMITS,
  noteValue,
  textareaLines,
  type NotesField,
} from './notes-fields.js';

/** Folder 0: every instance of the collection. Virtual: it holds nothing itself and receives nothing. */
export const ALL_FOLDER = 0;
/** Folder 1: where releases go when no other folder is chosen. Every collection has it. */
export const UNCATEGORIZED_FOLDER = 1;

export const FOLDER_NAME_LIMIT = 100;

/** A folder of a collection with the number of instances in it (folder 0: in the whole collection). */
export interface Folder {
  readonly id: number;
  readonly name: string;
  readonly count: number;
}

/** Who may see what: a private collection (or wantlist) is seen by its owner alone. */
export interface Privacy {
  readonly collectionPublic: boolean;
  readonly wantlistPublic: boolean;
}

/** A collection and wantlist nobody has made private: everyone may see them. */
export const DEFAULT_PRIVACY: Privacy = { collectionPublic: true, wantlistPublic: true };

/** A field as the settings page describes a new one or a change to one. */
export type FieldSpec =
  | { readonly type: 'dropdown'; readonly name: string; readonly public: boolean; readonly options: readonly string[] }
  | { readonly type: 'textarea'; readonly name: string; readonly public: boolean; readonly lines: number };

/** A folder's name: trimmed, 1 to 100 characters. */
export function folderName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new Refusal('invalid', 'Invalid name: a folder name may not be empty.');
  if (name.length > FOLDER_NAME_LIMIT) throw new Refusal('invalid', `Invalid name: a folder name has at most ${FOLDER_NAME_LIMIT} characters.`);
  return name;
}

const sameName = (a: string, b: string): boolean => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * A user's collection as one aggregate: its folders (with counts), notes fields and privacy. Instances are many and
 * stored apart; every change to them goes through the rules here (which folder may receive one, what a note may
 * hold). Immutable: each command returns the collection after the change. Folder ids come from the caller (the
 * repository hands out ids unique across collections).
 *
 * Rules: folder 0 ("All") is virtual, counts the whole collection and never receives releases; folder 1
 * ("Uncategorized") always exists; neither is renamed or deleted; other folders are deleted only when empty; folder
 * names are unique in a collection (letter case aside).
 */
export class Collection {
  private constructor(
    readonly userId: number,
    private readonly ownFolders: readonly Folder[],
    readonly fields: readonly NotesField[],
    readonly privacy: Privacy,
  ) {}

  /** A collection nobody has touched: folder 1 empty, the default fields, public. */
  static fresh(userId: number): Collection {
    return new Collection(userId, [{ id: UNCATEGORIZED_FOLDER, name: 'Uncategorized', count: 0 }], DEFAULT_FIELDS, DEFAULT_PRIVACY);
  }

  /** A stored collection; folder 1 is added when missing (a collection always has it). */
  static restore(userId: number, folders: readonly Folder[], fields: readonly NotesField[], privacy: Privacy): Collection {
    const own = folders.filter((f) => f.id !== ALL_FOLDER);
    if (!own.some((f) => f.id === UNCATEGORIZED_FOLDER)) own.unshift({ id: UNCATEGORIZED_FOLDER, name: 'Uncategorized', count: 0 });
    own.sort((a, b) => a.id - b.id);
    return new Collection(userId, own, [...fields].sort((a, b) => a.position - b.position || a.id - b.id), privacy);
  }

  /** Every folder, "All" first, then by id. */
  get folders(): Folder[] {
    const total = this.ownFolders.reduce((n, f) => n + f.count, 0);
    return [{ id: ALL_FOLDER, name: 'All', count: total }, ...this.ownFolders];
  }

  /** The folder with that id (0 included), or a not-found refusal. */
  folder(id: number): Folder {
    const folder = this.folders.find((f) => f.id === id);
    if (!folder) throw new Refusal('not-found', 'Folder not found.');
    return folder;
  }

  /** A new folder `id` named `name` (as written: trimmed here). */
  createFolder(id: number, rawName: string): Collection {
    const name = this.freeName(rawName, undefined);
    return this.with({ folders: [...this.ownFolders, { id, name, count: 0 }] });
  }

  /** The folder `id` when it may be renamed: not found (404), or one of the two fixed folders (422), is refused. */
  renamableFolder(id: number): Folder {
    const folder = this.folder(id);
    if (id === ALL_FOLDER || id === UNCATEGORIZED_FOLDER) throw new Refusal('invalid', `The folder "${folder.name}" cannot be renamed.`);
    return folder;
  }

  /** The folder `id` renamed `name` (as written: trimmed here); see {@link renamableFolder} for the folders refused. */
  renameFolder(id: number, rawName: string): Collection {
    this.renamableFolder(id);
    const name = this.freeName(rawName, id);
    return this.with({ folders: this.ownFolders.map((f) => (f.id === id ? { ...f, name } : f)) });
  }

  deleteFolder(id: number): Collection {
    const folder = this.folder(id);
    if (id === ALL_FOLDER || id === UNCATEGORIZED_FOLDER) throw new Refusal('invalid', `The folder "${folder.name}" cannot be deleted.`);
    if (folder.count > 0) throw new Refusal('invalid', `The folder "${folder.name}" cannot be deleted while it holds releases (${folder.count}).`);
    return this.with({ folders: this.ownFolders.filter((f) => f.id !== id) });
  }

  /** The folder a release may be added or moved to: any but folder 0 ("All"), which receives nothing. */
  receivingFolder(id: number): Folder {
    if (id === ALL_FOLDER) throw new Refusal('invalid', 'Invalid folder_id: folder 0 ("All") cannot receive releases; use folder 1 or another.');
    return this.folder(id);
  }

  /** The collection after an instance arrived in a folder (`+1`) or left it (`-1`). */
  counted(folderId: number, delta: number): Collection {
    return this.with({ folders: this.ownFolders.map((f) => (f.id === folderId ? { ...f, count: f.count + delta } : f)) });
  }

  /** The folders a caller may see: every folder for the owner, "All" alone for anyone else. */
  visibleFolders(owner: boolean): Folder[] {
    return owner ? this.folders : this.folders.filter((f) => f.id === ALL_FOLDER);
  }

  /** The fields a caller may see: every field for the owner, the public ones for anyone else. */
  visibleFields(owner: boolean): NotesField[] {
    return this.fields.filter((f) => owner || f.public);
  }

  field(id: number): NotesField {
    return fieldById(this.fields, id);
  }

  /** A note for the instance: the field's id and the value checked against the field. */
  note(fieldId: number, text: string): { fieldId: number; value: string } {
    const field = this.field(fieldId);
    return { fieldId, value: noteValue(field, text) };
  }

  withPrivacy(privacy: Privacy): Collection {
    return this.with({ privacy });
  }

  /** A new field, last in order, with the next id. */
  addField(spec: FieldSpec): Collection {
    if (this.fields.length >= FIELD_LIMITS.fields) throw new Refusal('invalid', `A collection has at most ${FIELD_LIMITS.fields} fields.`);
    const id = Math.max(0, ...this.fields.map((f) => f.id)) + 1;
    const position = Math.max(0, ...this.fields.map((f) => f.position)) + 1;
    return this.with({ fields: [...this.fields, this.fieldOf(spec, id, position)] });
  }

  /**
   * A field changed: name, visibility and options or lines (its type stays). A dropdown's removed options are removed
   * from notes by the caller (see `droppedOptions`).
   */
  editField(id: number, spec: FieldSpec): Collection {
    const old = this.field(id);
    if (spec.type !== old.type) throw new Refusal('invalid', `The field "${old.name}" is a ${old.type}; its type cannot change.`);
    const changed = this.fieldOf(spec, id, old.position);
    return this.with({ fields: this.fields.map((f) => (f.id === id ? changed : f)) });
  }

  removeField(id: number): Collection {
    this.field(id);
    return this.with({ fields: this.fields.filter((f) => f.id !== id) });
  }

  /** A field moved up (`-1`) or down (`+1`) one place. */
  moveField(id: number, step: -1 | 1): Collection {
    const order = [...this.fields];
    const at = order.findIndex((f) => f.id === id);
    if (at < 0) throw new Refusal('not-found', 'Field not found.');
    const to = at + step;
    if (to < 0 || to >= order.length) return this;
    [order[at], order[to]] = [order[to]!, order[at]!];
    return this.with({ fields: order.map((f, i) => ({ ...f, position: i + 1 })) });
  }

  private fieldOf(spec: FieldSpec, id: number, position: number): NotesField {
    const name = fieldName(spec.name);
    if (this.fields.some((f) => f.id !== id && sameName(f.name, name))) throw new Refusal('invalid', `A field named "${name}" exists already.`);
    return spec.type === 'dropdown'
      ? { id, name, type: 'dropdown', position, public: spec.public, options: dropdownOptions(spec.options) }
      : { id, name, type: 'textarea', position, public: spec.public, lines: textareaLines(spec.lines) };
  }

  private freeName(raw: string, except: number | undefined): string {
    const name = folderName(raw);
    const clash = this.folders.find((f) => f.id !== except && sameName(f.name, name));
    if (clash) throw new Refusal('invalid', `Invalid name: a folder named "${clash.name}" exists already.`);
    return name;
  }

  private with(change: { folders?: readonly Folder[]; fields?: readonly NotesField[]; privacy?: Privacy }): Collection {
    return new Collection(this.userId, change.folders ?? this.ownFolders, change.fields ?? this.fields, change.privacy ?? this.privacy);
  }
}

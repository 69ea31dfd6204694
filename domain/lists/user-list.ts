import { Refusal, type RefusalKind } from '../shared/refusal.js';

/** The kinds of catalogue record a list item may name. */
export const LIST_ITEM_KINDS = ['release', 'master', 'artist', 'label'] as const;
/** A kind of list item: `release`, `master`, `artist` or `label`. */
export type ListItemKind = (typeof LIST_ITEM_KINDS)[number];

/** Whether a value names a kind of list item. */
export function isListItemKind(value: unknown): value is ListItemKind {
  return typeof value === 'string' && (LIST_ITEM_KINDS as readonly string[]).includes(value);
}

/** The most a list holds: characters of its name, description and item comments (after trimming), and items. */
export const LIST_LIMITS = { name: 200, description: 10_000, comment: 2_000, items: 1_000 } as const;

/** The largest id a catalogue record (and a list) can have: ids are 32-bit. */
export const MAX_RECORD_ID = 2_147_483_647;

/** Which catalogue record an item names: a list holds each at most once. */
export interface ListItemRef {
  readonly kind: ListItemKind;
  readonly catalogueId: number;
}

/** One item of a list: the record, the owner's comment on it (markup text), and when it was added. */
export interface ListItem extends ListItemRef {
  readonly comment: string;
  readonly addedAt: Date;
}

/** A list as stored: what `UserList.restore` takes and `UserList.state` gives. Items in list order. */
export interface UserListState {
  readonly id: number;
  readonly ownerId: number;
  readonly name: string;
  readonly description: string;
  readonly isPublic: boolean;
  readonly items: readonly ListItem[];
  readonly createdAt: Date;
  readonly changedAt: Date;
}

/** The rule a refused change broke. */
export type ListRule =
  | 'id'
  | 'owner'
  | 'name'
  | 'description'
  | 'comment'
  | 'kind'
  | 'catalogue id'
  | 'duplicate item'
  | 'no such item'
  | 'item count'
  | 'position'
  | 'time';

/** The rules whose refusal is not an invalid value: an item already there (conflict), one that is not (not found). */
const RULE_KIND: Partial<Record<ListRule, RefusalKind>> = { 'duplicate item': 'conflict', 'no such item': 'not-found' };

/**
 * A refused list or change: the domain's Refusal with the broken rule as its `code` and a message a user can act on;
 * an item already in the list is a `conflict`, an item not in it `not-found`, any other rule `invalid`.
 */
export function listRuleBroken(rule: ListRule, message: string): Refusal {
  return new Refusal(RULE_KIND[rule] ?? 'invalid', message, { code: rule });
}

/** The changes a list's owner may make to its details; absent fields stay as they are. */
export interface ListDetailsChange {
  readonly name?: string;
  readonly description?: string;
  readonly isPublic?: boolean;
}

/** The changes an owner may make to one item: its comment, its position (1 is first). */
export interface ListItemChange {
  readonly comment?: string;
  readonly position?: number;
}

const isId = (n: number): boolean => Number.isSafeInteger(n) && n >= 1 && n <= MAX_RECORD_ID;

function checkedTime(at: Date): Date {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw listRuleBroken('time', 'A list change needs a valid time.');
  return at;
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw listRuleBroken('name', 'A list needs a name.');
  if (trimmed.length > LIST_LIMITS.name) throw listRuleBroken('name', `A list's name is at most ${LIST_LIMITS.name} characters long.`);
  return trimmed;
}

function checkedDescription(description: string): string {
  const trimmed = description.trim();
  if (trimmed.length > LIST_LIMITS.description) {
    throw listRuleBroken('description', `A list's description is at most ${LIST_LIMITS.description} characters long.`);
  }
  return trimmed;
}

function checkedComment(comment: string): string {
  const trimmed = comment.trim();
  if (trimmed.length > LIST_LIMITS.comment) throw listRuleBroken('comment', `A comment is at most ${LIST_LIMITS.comment} characters long.`);
  return trimmed;
}

function checkedRef(ref: ListItemRef): ListItemRef {
  if (!isListItemKind(ref.kind)) {
    throw listRuleBroken('kind', `An item is a ${LIST_ITEM_KINDS.join(', ')}; got "${String(ref.kind)}".`);
  }
  if (!isId(ref.catalogueId)) {
    throw listRuleBroken('catalogue id', `A ${ref.kind} id is a whole number from 1 to ${MAX_RECORD_ID}; got ${String(ref.catalogueId)}.`);
  }
  return { kind: ref.kind, catalogueId: ref.catalogueId };
}

const sameRef = (a: ListItemRef, b: ListItemRef): boolean => a.kind === b.kind && a.catalogueId === b.catalogueId;

/**
 * A user's list: a named, described, public or private, ordered set of catalogue records (releases, masters,
 * artists, labels), each at most once and with the owner's comment. The factory and every command check the rules
 * (a name of 1 to 200 characters, trimmed; a description of at most 10,000 and comments of at most 2,000; at most
 * 1,000 items) and throw `listRuleBroken`'s Refusal without changing anything when one is broken. Times come in from the
 * caller; each change sets the list's `changedAt`.
 */
export class UserList {
  private constructor(
    private readonly listId: number,
    private readonly owner: number,
    private listName: string,
    private listDescription: string,
    private publicFlag: boolean,
    private listItems: ListItem[],
    private readonly created: Date,
    private changed: Date,
  ) {}

  /** A new, empty list of `ownerId`, made at `at` (private unless `isPublic`). */
  static create(input: {
    readonly id: number;
    readonly ownerId: number;
    readonly name: string;
    readonly description?: string;
    readonly isPublic?: boolean;
    readonly at: Date;
  }): UserList {
    if (!isId(input.id)) throw listRuleBroken('id', `A list id is a whole number from 1 to ${MAX_RECORD_ID}.`);
    if (!isId(input.ownerId)) throw listRuleBroken('owner', 'A list belongs to a user.');
    const at = checkedTime(input.at);
    return new UserList(input.id, input.ownerId, checkedName(input.name), checkedDescription(input.description ?? ''), input.isPublic ?? false, [], at, at);
  }

  /** A stored list, checked against the same rules as a new one. */
  static restore(state: UserListState): UserList {
    const list = UserList.create({ ...state, at: state.createdAt });
    if (state.items.length > LIST_LIMITS.items) throw listRuleBroken('item count', `A list holds at most ${LIST_LIMITS.items} items.`);
    for (const item of state.items) {
      const ref = checkedRef(item);
      if (list.listItems.some((i) => sameRef(i, ref))) throw listRuleBroken('duplicate item', `The ${ref.kind} ${ref.catalogueId} is in the list twice.`);
      list.listItems.push({ ...ref, comment: checkedComment(item.comment), addedAt: checkedTime(item.addedAt) });
    }
    list.changed = checkedTime(state.changedAt);
    return list;
  }

  get id(): number {
    return this.listId;
  }

  get ownerId(): number {
    return this.owner;
  }

  get name(): string {
    return this.listName;
  }

  /** Markup text. */
  get description(): string {
    return this.listDescription;
  }

  get isPublic(): boolean {
    return this.publicFlag;
  }

  /** The items in list order. */
  get items(): readonly ListItem[] {
    return this.listItems;
  }

  get createdAt(): Date {
    return this.created;
  }

  get changedAt(): Date {
    return this.changed;
  }

  /** A copy of the list's state, to store or to show. */
  state(): UserListState {
    return {
      id: this.listId,
      ownerId: this.owner,
      name: this.listName,
      description: this.listDescription,
      isPublic: this.publicFlag,
      items: this.listItems.map((i) => ({ ...i })),
      createdAt: this.created,
      changedAt: this.changed,
    };
  }

  /** Whether the user (null: nobody signed in) may see the list: anyone when it is public, else its owner alone. */
  isVisibleTo(userId: number | null): boolean {
    return this.publicFlag || userId === this.owner;
  }

  /** Whether the list holds the record. */
  has(ref: ListItemRef): boolean {
    return this.listItems.some((i) => sameRef(i, ref));
  }

  /** Changes the name, description and public flag given (all checked before any is applied). */
  edit(change: ListDetailsChange, at: Date): void {
    const when = checkedTime(at);
    const name = change.name === undefined ? this.listName : checkedName(change.name);
    const description = change.description === undefined ? this.listDescription : checkedDescription(change.description);
    this.listName = name;
    this.listDescription = description;
    if (change.isPublic !== undefined) this.publicFlag = change.isPublic;
    this.changed = when;
  }

  /** Adds a record at the end of the list; refused when the list holds it already or is full. */
  addItem(item: ListItemRef & { readonly comment?: string }, at: Date): void {
    const when = checkedTime(at);
    const ref = checkedRef(item);
    const comment = checkedComment(item.comment ?? '');
    if (this.has(ref)) throw listRuleBroken('duplicate item', `The list holds the ${ref.kind} ${ref.catalogueId} already.`);
    if (this.listItems.length >= LIST_LIMITS.items) throw listRuleBroken('item count', `A list holds at most ${LIST_LIMITS.items} items.`);
    this.listItems.push({ ...ref, comment, addedAt: when });
    this.changed = when;
  }

  /** Changes an item's comment and/or moves it to `position` (1 to the number of items). */
  editItem(ref: ListItemRef, change: ListItemChange, at: Date): void {
    const when = checkedTime(at);
    const index = this.indexOf(ref);
    const comment = change.comment === undefined ? this.listItems[index]!.comment : checkedComment(change.comment);
    const position = change.position ?? index + 1;
    if (!Number.isSafeInteger(position) || position < 1 || position > this.listItems.length) {
      throw listRuleBroken('position', `A position is a whole number from 1 to ${this.listItems.length}; got ${String(change.position)}.`);
    }
    const [item] = this.listItems.splice(index, 1);
    this.listItems.splice(position - 1, 0, { ...item!, comment });
    this.changed = when;
  }

  /** Takes an item out of the list. */
  removeItem(ref: ListItemRef, at: Date): void {
    const when = checkedTime(at);
    this.listItems.splice(this.indexOf(ref), 1);
    this.changed = when;
  }

  private indexOf(ref: ListItemRef): number {
    const index = this.listItems.findIndex((i) => sameRef(i, ref));
    if (index < 0) throw listRuleBroken('no such item', `The list does not hold the ${String(ref.kind)} ${String(ref.catalogueId)}.`);
    return index;
  }
}

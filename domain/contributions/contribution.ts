import { Refusal } from '../shared/refusal.js';

/** The kinds of catalogue record a user can submit or edit. */
export const CONTRIBUTION_KINDS = ['artist', 'label', 'master', 'release'] as const;
export type ContributionKind = (typeof CONTRIBUTION_KINDS)[number];

/** How a user took part in a record: `submitted` (the user created it) or `edited` (the user changed it). */
export const CONTRIBUTION_ACTIONS = ['submitted', 'edited'] as const;
export type ContributionAction = (typeof CONTRIBUTION_ACTIONS)[number];

/** The longest comment an entry may carry, in characters. */
export const CONTRIBUTION_COMMENT_MAX_LENGTH = 500;

/** The largest catalogue id (ids are 32-bit, as the catalogue stores them). */
export const MAX_CATALOGUE_ID = 2_147_483_647;

export function isContributionKind(value: string): value is ContributionKind {
  return (CONTRIBUTION_KINDS as readonly string[]).includes(value);
}

export function isContributionAction(value: string): value is ContributionAction {
  return (CONTRIBUTION_ACTIONS as readonly string[]).includes(value);
}

/** What an entry is made from, as a caller gives it (kind and action as text, to be checked). */
export interface ContributionInput {
  readonly id: string;
  readonly userId: number;
  readonly kind: string;
  readonly catalogueId: number;
  readonly action: string;
  readonly at: Date;
  /** Optional; blank when left out. Trimmed. */
  readonly comment?: string;
}

// Control characters other than tab and line breaks have no place in a comment (they would reach terminals and logs).
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * One entry of the catalogue's edit history: who (a user id) did what (submitted or edited) to which record (kind and
 * catalogue id), when, with an optional comment. Imported records carry no history; entries come from the service's
 * own write paths and from operators. Immutable; an invalid entry cannot exist (see {@link Contribution.record}).
 */
export class Contribution {
  private constructor(
    private readonly _id: string,
    private readonly _userId: number,
    private readonly _kind: ContributionKind,
    private readonly _catalogueId: number,
    private readonly _action: ContributionAction,
    private readonly _at: Date,
    private readonly _comment: string,
  ) {}

  /**
   * Makes an entry, checking every field: a non-blank id, a positive whole user id, a known kind and action, a
   * catalogue id from 1 to {@link MAX_CATALOGUE_ID}, a valid time, and a comment of at most
   * {@link CONTRIBUTION_COMMENT_MAX_LENGTH} characters without control characters. Throws an `invalid`
   * {@link Refusal} naming every problem (each one of its `problems`).
   */
  static record(input: ContributionInput): Contribution {
    const problems: string[] = [];
    const comment = (input.comment ?? '').trim();
    if (input.id.trim() === '') problems.push('An entry needs an id.');
    if (!Number.isSafeInteger(input.userId) || input.userId < 1) problems.push(`The user id must be a positive whole number, got ${input.userId}.`);
    if (!isContributionKind(input.kind)) problems.push(`The kind must be one of ${CONTRIBUTION_KINDS.join(', ')}, got ${JSON.stringify(input.kind)}.`);
    if (!Number.isSafeInteger(input.catalogueId) || input.catalogueId < 1 || input.catalogueId > MAX_CATALOGUE_ID) {
      problems.push(`The catalogue id must be a whole number from 1 to ${MAX_CATALOGUE_ID}, got ${input.catalogueId}.`);
    }
    if (!isContributionAction(input.action)) problems.push(`The action must be ${CONTRIBUTION_ACTIONS.join(' or ')}, got ${JSON.stringify(input.action)}.`);
    if (!(input.at instanceof Date) || Number.isNaN(input.at.getTime())) problems.push('The time of an entry must be a valid date.');
    if (comment.length > CONTRIBUTION_COMMENT_MAX_LENGTH) {
      problems.push(`The comment is at most ${CONTRIBUTION_COMMENT_MAX_LENGTH} characters long, got ${comment.length}.`);
    } else if (CONTROL_CHARACTERS.test(comment)) {
      problems.push('The comment may not hold control characters.');
    }
    if (problems.length > 0) throw Refusal.ofProblems(problems.map((message) => ({ message })));
    return new Contribution(
      input.id,
      input.userId,
      input.kind as ContributionKind,
      input.catalogueId,
      input.action as ContributionAction,
      new Date(input.at.getTime()),
      comment,
    );
  }

  get id(): string {
    return this._id;
  }

  get userId(): number {
    return this._userId;
  }

  get kind(): ContributionKind {
    return this._kind;
  }

  get catalogueId(): number {
    return this._catalogueId;
  }

  get action(): ContributionAction {
    return this._action;
  }

  /** When it happened (a copy: an entry cannot be changed through it). */
  get at(): Date {
    return new Date(this._at.getTime());
  }

  get comment(): string {
    return this._comment;
  }

  /** Whether the entry makes its user the record's submitter (at most one user per record). */
  get isSubmission(): boolean {
    return this._action === 'submitted';
  }
}

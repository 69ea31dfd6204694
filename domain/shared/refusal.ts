/**
 * What a refusal means to whoever asked: `invalid` (a value or a move the rules do not take: 422 at the HTTP edge),
 * `forbidden` (this party may not do it at all: 403), `conflict` (the current state stands in the way, e.g. a key
 * already taken: 409), `not-found` (the thing the change names is not there, e.g. a folder or a list item: 404).
 */
export type RefusalKind = 'invalid' | 'forbidden' | 'conflict' | 'not-found';

/** Every kind, once. */
export const REFUSAL_KINDS: readonly RefusalKind[] = ['invalid', 'forbidden', 'conflict', 'not-found'];

/** One problem of a refused value: the field at fault (when the rule knows it) and the sentence naming it. */
export interface RefusalProblem {
  readonly field?: string;
  readonly message: string;
}

/** What a refusal may carry besides its kind and message, for callers that act on it rather than show it. */
export interface RefusalDetails {
  /** Which rule refused, for a caller that switches on it (e.g. `money`, a list rule); stable across releases. */
  readonly code?: string;
  /** Each problem found, when a rule reports several at once (its message is their sentences joined). */
  readonly problems?: readonly RefusalProblem[];
  /**
   * The message with the domain terms it names (order statuses) spelled by a caller's function, for callers whose
   * dialect spells them otherwise; `message` spells them as the spec does.
   */
  readonly spelled?: (spell: (term: string) => string) => string;
}

/**
 * The one refusal of the domain: a rule said no, for the reason its `kind` names, with the exact client-facing
 * `message`. Rules of every module throw it; the HTTP edge maps each kind to a status in one table, and embedding
 * callers catch this one class. Structured details (`code`, `problems`) are there for callers that merge or switch.
 */
export class Refusal extends Error {
  readonly code: string | undefined;
  readonly problems: readonly RefusalProblem[];
  private readonly spelled: ((spell: (term: string) => string) => string) | undefined;

  constructor(
    readonly kind: RefusalKind,
    message: string,
    details: RefusalDetails = {},
  ) {
    super(message);
    this.name = 'Refusal';
    this.code = details.code;
    this.problems = details.problems ?? [];
    this.spelled = details.spelled;
  }

  /**
   * An `invalid` refusal of several problems at once (a sentence alone is a problem of no particular field): its
   * message is their sentences, in order, joined by a space.
   */
  static ofProblems(problems: readonly (RefusalProblem | string)[], code?: string): Refusal {
    const each = problems.map((p) => (typeof p === 'string' ? { message: p } : p));
    return new Refusal('invalid', each.map((p) => p.message).join(' '), { problems: each, code });
  }

  /**
   * The same refusal with the terms its message names spelled by `spell` (itself when its message names none): for a
   * caller whose dialect spells the terms otherwise than the spec.
   */
  spelledBy(spell: (term: string) => string): Refusal {
    if (!this.spelled) return this;
    const spelled = this.spelled;
    return new Refusal(this.kind, spelled(spell), { code: this.code, problems: this.problems, spelled });
  }
}

/** Whether `err` is a refusal, of the kind and code given when given. */
export function isRefusal(err: unknown, kind?: RefusalKind, code?: string): err is Refusal {
  return err instanceof Refusal && (kind === undefined || err.kind === kind) && (code === undefined || err.code === code);
}

/** The error a promise rejects with; fails the test when it resolves instead. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

/**
 * What an error says, for tables of expected refusals: `Refusal <kind>` for the domain's refusal (its kind is its
 * meaning), the class name for anything else (`Invalid`, `NotFound` … of the application), then the message.
 */
export function refusalOf(err: unknown): [string, string] {
  const e = err as Error & { kind?: unknown };
  return [e.name === 'Refusal' ? `Refusal ${String(e.kind)}` : e.constructor.name, e.message];
}

const APPLICATION_MEANINGS: Readonly<Record<string, string>> = { Invalid: 'invalid', Forbidden: 'forbidden', Conflict: 'conflict', NotFound: 'not-found' };

/**
 * What a refusal means whoever threw it: the kind of a domain Refusal, or the same word for the application error
 * of that meaning (`Forbidden` → `forbidden`), or the class name of anything else. For tests where one attempt is
 * refused by a use case and the next by a domain rule, with the same status.
 */
export function meaningOf(err: unknown): string {
  const [name] = refusalOf(err);
  return name.startsWith('Refusal ') ? name.slice('Refusal '.length) : (APPLICATION_MEANINGS[name] ?? name);
}

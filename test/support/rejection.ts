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

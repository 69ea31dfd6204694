import { NotFound } from '../errors.js';

/**
 * Each record read through its use case, in order; a record that went missing since the page was read (a dump
 * import replacing the catalogue meanwhile) is left out rather than failing the whole page.
 */
export async function readEach<T>(ids: readonly number[], read: (id: number) => Promise<T>): Promise<T[]> {
  const records = await Promise.all(
    ids.map((id) =>
      read(id).catch((err: unknown) => {
        if (err instanceof NotFound) return undefined;
        throw err;
      }),
    ),
  );
  return records.filter((v): v is Awaited<T> => v !== undefined);
}

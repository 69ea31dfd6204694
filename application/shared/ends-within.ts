/**
 * Whether `work` settles within `ms` (at once when `ms` is 0 or less): true if it ended (resolved or rejected), false
 * if the time ran out first. Nothing is cancelled: the work goes on either way, and its rejection is left to the
 * caller's own handling of `work`.
 */
export async function endsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  try {
    return await Promise.race([work.then(
      () => true,
      () => true,
    ), late]);
  } finally {
    clearTimeout(timer);
  }
}

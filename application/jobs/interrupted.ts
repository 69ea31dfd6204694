/** Thrown out of `runOnce` when an outage of the database cut a job short: the worker gives it back once it can. */
export class Interrupted extends Error {
  constructor(readonly jobId: number, readonly outage: unknown) {
    super(`Job ${jobId} was interrupted by an outage`);
  }
}

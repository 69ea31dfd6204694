/** Thrown from `finish` when the worker no longer holds the job: its writes are rolled back with the unit of work. */
export class LeaseLost extends Error {
  constructor(readonly jobId: number) {
    super(`Job ${jobId} was taken by another worker (this worker's lease ran out)`);
  }
}

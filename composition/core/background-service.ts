/**
 * Work a server process does beside answering requests (the job worker): started once the server listens, stopped
 * before the database closes. A module binds its services to `CORE.BackgroundService` (a multi-binding slot); the
 * server starts every one bound.
 */
export interface BackgroundService {
  readonly name: string;
  start(): void;
  /** Stops taking work and ends what it holds within `graceMs` (giving it back if it cannot: ADR 0047). */
  stop(graceMs: number): Promise<void>;
}

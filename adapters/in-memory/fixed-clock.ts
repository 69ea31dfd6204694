import type { Clock } from '../../application/ports/clock.js';

/** A clock that stands still until told to move: for tests and reproducible runs. */
export class FixedClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
    if (Number.isNaN(this.current)) throw new RangeError(`Not a time: ${String(start)}`);
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves the clock forward (or back, with a negative number) by `ms` milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}

import type { IdGenerator } from '../../application/ports/id-generator.js';

/** Predictable ids (`prefix-1`, `prefix-2`, …): for tests and reproducible runs. */
export class SequentialIdGenerator implements IdGenerator {
  private count = 0;

  constructor(private readonly prefix = 'id') {}

  next(): string {
    this.count += 1;
    return `${this.prefix}-${this.count}`;
  }
}

import { randomUUID } from 'node:crypto';
import type { IdGenerator } from '../../application/ports/id-generator.js';

/** Random (version 4) UUIDs from the operating system's secure generator. */
export class RandomIdGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}

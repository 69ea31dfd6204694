import type { MikroORM } from '@mikro-orm/postgresql';
import type { PersonalDataEraser } from '../../../application/ports/personal-data-eraser.js';
import { query } from '../mikro-orm-unit-of-work.js';

/**
 * The events module's part of deleting an account (ADR 0060), in the caller's transaction: the person's events go
 * from the outbox (their bodies are the person's orders, listings, collection), but the newest event of all, when it
 * is theirs, which stays emptied (no resource id, body `{}`), as pruning keeps it: the outbox's highest id never goes
 * back (`EventOutbox.lastId`, the cursor new subscriptions start at, the appended-events gauge). Nobody reads it: its
 * user is a tombstone, and the person's subscriptions go with them.
 */
export class SqlEventEraser implements PersonalDataEraser {
  readonly holds = 'events';

  constructor(private readonly orm: MikroORM) {}

  async erase(userId: number): Promise<void> {
    await query(this.orm, 'delete from event where user_id = ? and id < (select max(id) from event)', [userId]);
    await query(this.orm, `update event set resource_id = '', body = '{}'::jsonb where user_id = ?`, [userId]);
  }
}

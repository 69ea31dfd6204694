import type { MikroORM } from '@mikro-orm/postgresql';
import type { PersonalDataEraser } from '../../application/ports/personal-data-eraser.js';
import { query } from './mikro-orm-unit-of-work.js';

/** A table's rows of a person: those whose `column` is the user's id, and that match `where` when it is given. */
export interface PersonalRows {
  readonly table: string;
  readonly column: string;
  /** More SQL the rows must match (constant text, no parameters). */
  readonly where?: string;
}

/**
 * A module's `PersonalDataEraser` on the database: one `delete` per table, in the order given (children before the
 * rows they refer to, where no foreign key cascades), in the caller's transaction. The tables' foreign keys take
 * what hangs off the rows with them.
 */
export class SqlPersonalDataEraser implements PersonalDataEraser {
  constructor(
    private readonly orm: MikroORM,
    readonly holds: string,
    private readonly tables: readonly PersonalRows[],
  ) {}

  async erase(userId: number): Promise<void> {
    for (const t of this.tables) {
      await query(this.orm, `delete from "${t.table}" where "${t.column}" = ?${t.where ? ` and (${t.where})` : ''}`, [userId]);
    }
  }
}

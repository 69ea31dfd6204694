import { ContainerModule } from 'inversify';
import { SqlEventEraser } from '../../adapters/persistence/events/sql-event-eraser.js';
import { SqlEventOutbox } from '../../adapters/persistence/events/sql-event-outbox.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { EVENTS } from './events-tokens.js';

/**
 * The outbox on the database: the `event` table, appends serialised by an advisory lock to the commit (ADR 0057); a
 * deleted account's events erased with it (ADR 0060).
 */
export const eventsSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(EVENTS.Outbox).toConstantValue(new SqlEventOutbox(db.orm));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new SqlEventEraser(db.orm));
  });

import type { RequestScope } from '../../application/ports/request-scope.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { token } from '../token.js';

/** The open database, the unit of work every write runs in, and the per-request ORM scope. */
export const PERSISTENCE = {
  Database: token<Database>('persistence/Database'),
  UnitOfWork: token<UnitOfWork>('persistence/UnitOfWork'),
  RequestScope: token<RequestScope>('persistence/RequestScope'),
} as const;

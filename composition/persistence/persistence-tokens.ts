import type { OutageDetector } from '../../application/ports/outage-detector.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { token } from '../token.js';

/** The open database, the unit of work every write runs in, the per-request ORM scope, and the database's outages. */
export const PERSISTENCE = {
  Database: token<Database>('persistence/Database'),
  UnitOfWork: token<UnitOfWork>('persistence/UnitOfWork'),
  RequestScope: token<RequestScope>('persistence/RequestScope'),
  /** Tells the failures that mean the database is away (503, retried by the job worker) from the rest. */
  Outages: token<OutageDetector>('persistence/Outages'),
} as const;

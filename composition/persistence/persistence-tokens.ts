import type { AccountGuard, AccountHold } from '../../application/ports/account-guard.js';
import type { OutageDetector } from '../../application/ports/outage-detector.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { token } from '../token.js';

/** The open database, the unit of work every write runs in (and its deletion guard), the per-request ORM scope, and the database's outages. */
export const PERSISTENCE = {
  Database: token<Database>('persistence/Database'),
  UnitOfWork: token<UnitOfWork>('persistence/UnitOfWork'),
  /** Whose account writes are made for: the unit of work's adapter, which holds that account in each transaction (ADR 0060). */
  AccountGuard: token<AccountGuard>('persistence/AccountGuard'),
  /** What the unit of work holds the acting account with; bound by the identity module (none: no guard). */
  AccountHold: token<AccountHold>('persistence/AccountHold'),
  /** The unit of work's adapter itself, bound as both of the above. */
  GuardedUnitOfWork: token<UnitOfWork & AccountGuard>('persistence/GuardedUnitOfWork'),
  RequestScope: token<RequestScope>('persistence/RequestScope'),
  /** Tells the failures that mean the database is away (503, retried by the job worker) from the rest. */
  Outages: token<OutageDetector>('persistence/Outages'),
} as const;

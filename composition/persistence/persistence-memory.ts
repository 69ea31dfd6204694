import { ContainerModule } from 'inversify';
import type { AccountHold } from '../../application/ports/account-guard.js';
import { NO_OUTAGES } from '../../application/ports/outage-detector.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { PERSISTENCE } from './persistence-tokens.js';

/**
 * The in-memory storage: its unit of work (runs one at a time, a failed one put back; the deletion guard's account hold
 * given to it when the identity module binds one), no per-request state to
 * isolate (no identity map tracks what a request read), and nothing that can be away.
 */
export const persistenceMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(PERSISTENCE.GuardedUnitOfWork)
      .toResolvedValue(
        (hold?: AccountHold) => {
          if (hold) memory.unitOfWork.holdAccountsWith(hold);
          return memory.unitOfWork;
        },
        [{ serviceIdentifier: PERSISTENCE.AccountHold, optional: true }],
      )
      .inSingletonScope();
    bind(PERSISTENCE.UnitOfWork).toService(PERSISTENCE.GuardedUnitOfWork);
    bind(PERSISTENCE.AccountGuard).toService(PERSISTENCE.GuardedUnitOfWork);
    bind(PERSISTENCE.RequestScope).toConstantValue(NO_REQUEST_STATE);
    bind(PERSISTENCE.Outages).toConstantValue(NO_OUTAGES);
  });

/** The request scope of a storage with no per-request state: the work runs as it is. */
const NO_REQUEST_STATE: RequestScope = { run: (work) => work() };

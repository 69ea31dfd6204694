import { ContainerModule } from 'inversify';
import { NO_OUTAGES } from '../../application/ports/outage-detector.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { PERSISTENCE } from './persistence-tokens.js';

/**
 * The in-memory storage: its unit of work (runs one at a time, a failed one put back), no per-request state to
 * isolate (no identity map tracks what a request read), and nothing that can be away.
 */
export const persistenceMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(PERSISTENCE.UnitOfWork).toConstantValue(memory.unitOfWork);
    bind(PERSISTENCE.RequestScope).toConstantValue(NO_REQUEST_STATE);
    bind(PERSISTENCE.Outages).toConstantValue(NO_OUTAGES);
  });

/** The request scope of a storage with no per-request state: the work runs as it is. */
const NO_REQUEST_STATE: RequestScope = { run: (work) => work() };

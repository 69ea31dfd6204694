import { ContainerModule } from 'inversify';
import { InMemoryJobQueue } from '../../adapters/in-memory/in-memory-job-queue.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { JOBS } from './jobs-tokens.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/**
 * The job queue in the in-memory storage, enlisted in its unit of work, with the SQL queue's leases (the oldest
 * claimable job first, a lapsed lease claimable again, an end only by the worker holding it): the workers of every
 * application on the storage share it, as those on one database share the `job` table.
 */
export const jobsMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(JOBS.Queue).toConstantValue(memory.store('jobs/queue', (uow) => new InMemoryJobQueue(uow)));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(
      new InMemoryPersonalDataEraser('inventory jobs', [memory.store('jobs/queue', (uow) => new InMemoryJobQueue(uow))]),
    );
  });

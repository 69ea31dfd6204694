import { ContainerModule } from 'inversify';
import { DiskSpaceGuard } from '../../adapters/persistence/disk-space-guard.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { SpindleModule } from '../spindle-module.js';
import { PERSISTENCE } from './persistence-tokens.js';

/** MikroORM on the open database (embedded PGlite or a PostgreSQL server): its unit of work, request scope and outage monitor. */
export const persistenceModule: SpindleModule = {
  name: 'persistence',
  bindings: ({ config, db, logger }) =>
    new ContainerModule(({ bind }) => {
      bind(PERSISTENCE.Database).toConstantValue(db);
      const disk =
        db.location.kind === 'embedded'
          ? new DiskSpaceGuard({ dir: db.location.dataDir, reserveBytes: config.diskReserveBytes, logger: logger.child({ part: 'database' }) })
          : undefined;
      bind(PERSISTENCE.UnitOfWork).toConstantValue(new MikroOrmUnitOfWork(db.orm, disk));
      bind(PERSISTENCE.RequestScope).toConstantValue(new MikroOrmRequestScope(db.orm));
      bind(PERSISTENCE.Outages).toConstantValue(db.outages(logger.child({ part: 'database' })));
    }),
};

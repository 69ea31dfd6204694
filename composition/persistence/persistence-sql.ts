import { ContainerModule } from 'inversify';
import type { AccountHold } from '../../application/ports/account-guard.js';
import { DiskSpaceGuard } from '../../adapters/persistence/disk-space-guard.js';
import { SqlPoolGauge } from '../../adapters/persistence/sql-pool-gauge.js';
import { SqlReadinessCheck } from '../../adapters/persistence/sql-readiness-check.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { HEALTH } from '../health/health-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { PERSISTENCE } from './persistence-tokens.js';

/**
 * MikroORM on the open database (embedded PGlite or a PostgreSQL server): the database itself, its unit of work (with
 * the data folder's disk guard when embedded, and the deletion guard's account hold when the identity module binds one), the per-request ORM scope and the outage monitor; the database's
 * readiness (it answers, its migrations are applied) and its pools' use as a gauge.
 */
export const persistenceSql = ({ config, db, logger }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(PERSISTENCE.Database).toConstantValue(db);
    const disk =
      db.location.kind === 'embedded'
        ? new DiskSpaceGuard({ dir: db.location.dataDir, reserveBytes: config.diskReserveBytes, logger: logger.child({ part: 'database' }) })
        : undefined;
    bind(PERSISTENCE.GuardedUnitOfWork)
      .toResolvedValue((hold?: AccountHold) => new MikroOrmUnitOfWork(db.orm, disk, hold), [{ serviceIdentifier: PERSISTENCE.AccountHold, optional: true }])
      .inSingletonScope();
    bind(PERSISTENCE.UnitOfWork).toService(PERSISTENCE.GuardedUnitOfWork);
    bind(PERSISTENCE.AccountGuard).toService(PERSISTENCE.GuardedUnitOfWork);
    bind(PERSISTENCE.RequestScope).toConstantValue(new MikroOrmRequestScope(db.orm));
    bind(PERSISTENCE.Outages).toConstantValue(db.outages(logger.child({ part: 'database' })));
    bind(HEALTH.ReadinessChecks).toConstantValue(new SqlReadinessCheck(db));
    bind(HEALTH.Gauges).toConstantValue(new SqlPoolGauge(db));
  });

import { ContainerModule } from 'inversify';
import { MikroOrmContributionRepository } from '../../adapters/persistence/contributions/mikro-orm-contribution-repository.js';
import { SqlContributionReader } from '../../adapters/persistence/contributions/sql-contribution-reader.js';
import { SqlRecordsByPerson } from '../../adapters/persistence/contributions/sql-records-by-person.js';
import { SqlReleasePeople } from '../../adapters/persistence/contributions/sql-release-people.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { SEARCH } from '../search/search-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { CONTRIBUTIONS } from './contributions-tokens.js';

/**
 * The edit history on the database: kept through MikroORM, its reads joined to the catalogue a read model in SQL
 * (ADR 0039), a release's submitter and contributors, and search's submitter and contributor filters.
 */
export const contributionsSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    // The history through the ORM; its reads joined to the catalogue, a read model in SQL (ADR 0039).
    bind(CONTRIBUTIONS.Repository).toConstantValue(new MikroOrmContributionRepository(db.orm));
    bind(CONTRIBUTIONS.Reader).toConstantValue(new SqlContributionReader(db.orm));
    // A release's community.submitter and contributors where the catalogue reader does not keep them in its row.
    bind(CATALOGUE.ReleasePeople).toConstantValue(new SqlReleasePeople(db.orm));
    // Database search's submitter and contributor filters.
    bind(SEARCH.RecordsByPerson).toConstantValue(new SqlRecordsByPerson(db.orm));
  });

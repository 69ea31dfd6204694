import { ContainerModule } from 'inversify';
import { InMemoryContributionRepository } from '../../adapters/in-memory/in-memory-contribution-repository.js';
import { InMemoryReleasePeople } from '../../adapters/in-memory/in-memory-release-people.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { SEARCH } from '../search/search-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { CONTRIBUTIONS } from './contributions-tokens.js';

/**
 * The edit history in the in-memory storage, enlisted in its unit of work and read against the catalogue module's
 * reader: the repository and its reads, search's submitter and contributor filters, and a release's submitter and
 * contributors, counted from the history when asked (what the database's trigger keeps in the release row).
 */
export const contributionsMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const history = (catalogue: Parameters<typeof historyOf>[1]) => historyOf(memory, catalogue);
    bind(CONTRIBUTIONS.Repository).toResolvedValue(history, [CATALOGUE.Reader]).inSingletonScope();
    bind(CONTRIBUTIONS.Reader).toResolvedValue(history, [CATALOGUE.Reader]).inSingletonScope();
    bind(SEARCH.RecordsByPerson).toResolvedValue(history, [CATALOGUE.Reader]).inSingletonScope();
    bind(CATALOGUE.ReleasePeople)
      .toResolvedValue((catalogue, users) => new InMemoryReleasePeople(history(catalogue), users), [CATALOGUE.Reader, IDENTITY.UserRepository])
      .inSingletonScope();
  });

/** The storage's edit history (one per storage, read against its catalogue). */
function historyOf(memory: MemoryRuntime['memory'], catalogue: ConstructorParameters<typeof InMemoryContributionRepository>[1]): InMemoryContributionRepository {
  return memory.store('contributions/history', (uow) => new InMemoryContributionRepository(uow, catalogue));
}

import { ContainerModule, type Container } from 'inversify';
import { ContributionsPresenter } from '../../adapters/http/contributions/contributions-presenter.js';
import { ContributionsRoutes } from '../../adapters/http/contributions/contributions-routes.js';
import { ContributionFigures } from '../../application/contributions/contribution-figures.js';
import { ListContributions } from '../../application/contributions/list-contributions.js';
import { ListSubmissions } from '../../application/contributions/list-submissions.js';
import { RecordContribution } from '../../application/contributions/record-contribution.js';
import { isRefusal } from '../../domain/shared/refusal.js';
import { type ContributionAction, type ContributionKind } from '../../domain/contributions/contribution.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { DEMO_USERS } from '../identity/identity-module.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { contributionsMemory } from './contributions-memory.js';
import { contributionsSql } from './contributions-sql.js';
import { contributionsSchema } from './contributions-schema.js';
import { USERS } from '../users/users-tokens.js';
import { CONTRIBUTIONS } from './contributions-tokens.js';

/**
 * Submissions and contributions: the catalogue's edit history (who submitted or edited which record, when), a user's
 * submissions (`GET /s/{name}/submissions`) and contributed releases (`GET /s/{name}/contributions`), the profile's
 * `releases_contributed` (a `USERS.FiguresPart`), the records of a submitter or contributor for database search
 * (`SEARCH.RecordsByPerson`), `spindle contribution add`, and a little demo history.
 */
export const contributionsModule: SpindleModule = {
  name: 'contributions',
  schema: contributionsSchema,
  demoAfter: ['identity', 'catalogue'],

  adapters: { sql: contributionsSql, memory: contributionsMemory },

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(CONTRIBUTIONS.RecordContribution)
        .toResolvedValue((users, catalogue, repository, uow, clock, ids) => new RecordContribution(users, catalogue, repository, uow, clock, ids), [
          IDENTITY.UserRepository,
          CATALOGUE.Reader,
          CONTRIBUTIONS.Repository,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
          CORE.IdGenerator,
        ])
        .inSingletonScope();
      bind(CONTRIBUTIONS.ListSubmissions)
        .toResolvedValue((users, reader, artist, label, release) => new ListSubmissions(users, reader, artist, label, release), [
          IDENTITY.UserRepository,
          CONTRIBUTIONS.Reader,
          CATALOGUE.GetArtist,
          CATALOGUE.GetLabel,
          CATALOGUE.GetRelease,
        ])
        .inSingletonScope();
      bind(CONTRIBUTIONS.ListContributions)
        .toResolvedValue((users, reader, release) => new ListContributions(users, reader, release), [
          IDENTITY.UserRepository,
          CONTRIBUTIONS.Reader,
          CATALOGUE.GetRelease,
        ])
        .inSingletonScope();
      bind(USERS.FiguresPart)
        .toResolvedValue((reader) => new ContributionFigures(reader), [CONTRIBUTIONS.Reader])
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (submissions, contributions, presenter) =>
            new ContributionsRoutes(submissions, contributions, new ContributionsPresenter(presenter), { baseUrl: config.baseUrl }),
          [CONTRIBUTIONS.ListSubmissions, CONTRIBUTIONS.ListContributions, CATALOGUE.Presenter],
        )
        .inSingletonScope();
    }),

  async demo(container, log) {
    await demoHistory(container, log);
  },
};

type DemoEntry = readonly [ContributionKind, number | undefined, ContributionAction, string];

/**
 * A few history entries for each demo user who has none, over records the demo catalogue holds (the lowest ids of
 * each kind, looked up rather than assumed): the seller submitted an artist, a label and two releases and edited two
 * more; the buyer submitted an artist and a release and edited the seller's first release, a label and one release
 * more. Spread over the past days, oldest first.
 */
async function demoHistory(container: Container, log: (line: string) => void): Promise<void> {
  const samples = container.get(CATALOGUE.Samples);
  const releases = await samples.lowestIds('release', 6);
  const artists = await samples.lowestIds('artist', 2);
  const labels = await samples.lowestIds('label', 2);
  if (releases.length === 0) {
    log('contributions: the catalogue holds no releases; no demo history');
    return;
  }
  const plans: Record<(typeof DEMO_USERS)[number], readonly DemoEntry[]> = {
    'demo-seller': [
      ['artist', artists[0], 'submitted', 'New artist page'],
      ['label', labels[0], 'submitted', 'New label page'],
      ['release', releases[0], 'submitted', 'Submitted from my copy'],
      ['release', releases[1], 'submitted', ''],
      ['release', releases[2], 'edited', 'Added track durations'],
      ['release', releases[3], 'edited', 'Corrected the catalogue number'],
    ],
    'demo-buyer': [
      ['artist', artists[1], 'submitted', ''],
      ['release', releases[4], 'submitted', 'Submitted from my copy'],
      ['release', releases[0], 'edited', 'Added the credits'],
      ['label', labels[1], 'edited', 'Added the profile'],
      ['release', releases[5], 'edited', 'Fixed the release date'],
    ],
  };
  const users = container.get(IDENTITY.UserRepository);
  const history = container.get(CONTRIBUTIONS.Repository);
  const record = container.get(CONTRIBUTIONS.RecordContribution);
  const now = container.get(CORE.Clock).now().getTime();
  const DAY = 86_400_000;
  for (const name of DEMO_USERS) {
    const user = await users.byLoginName(name);
    if (!user) {
      log(`contributions: no user ${name}; no demo history for it`);
      continue;
    }
    if ((await history.ofUser(user.id)).length > 0) {
      log(`contributions: ${name} has history already; demo history left out`);
      continue;
    }
    const plan = plans[name].filter((entry): entry is readonly [ContributionKind, number, ContributionAction, string] => entry[1] !== undefined);
    let recorded = 0;
    for (const [i, [kind, catalogueId, action, comment]] of plan.entries()) {
      try {
        await record.execute({ user: name, kind, catalogueId, action, comment, at: new Date(now - (plan.length - i) * DAY) });
        recorded += 1;
      } catch (err) {
        // A record someone else submitted meanwhile: that entry is left out.
        if (!isRefusal(err, 'conflict')) throw err;
      }
    }
    log(`contributions: ${name} got ${recorded} demo history ${recorded === 1 ? 'entry' : 'entries'}`);
  }
}

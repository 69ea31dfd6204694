import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import type { Container } from 'inversify';
import type { Caller } from '../../application/shared/caller.js';
import { DEMO_USERS } from '../identity/identity-module.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { RATINGS } from './ratings-tokens.js';

/** What each demo user rates: [place among the demo releases, rating]. Both rate the first three, so those have averages. */
const PLANS: Record<(typeof DEMO_USERS)[number], ReadonlyArray<readonly [place: number, rating: number]>> = {
  'demo-seller': [[0, 5], [1, 4], [2, 3], [3, 4], [4, 5]],
  'demo-buyer': [[0, 4], [1, 2], [2, 3], [5, 5], [6, 1]],
};

/**
 * The demo users' ratings of the demo releases, when they have rated nothing yet: every rating endpoint, a release's
 * `community.rating` and the profiles' `releases_rated` and `rating_avg` show content on a fresh `npm start`.
 */
export async function seedDemoRatings(container: Container, log: (line: string) => void): Promise<void> {
  const users = container.get(IDENTITY.UserRepository);
  const releases = await container.get(CATALOGUE.Samples).lowestIds('release', 7);
  if (releases.length < 7) {
    log('ratings: too few releases for demo ratings; left out');
    return;
  }
  for (const name of DEMO_USERS) {
    const user = await users.byLoginName(name);
    if (!user) continue;
    if ((await container.get(RATINGS.Repository).givenBy(user.id)).count > 0) {
      log(`ratings: ${name} has rated releases already; demo ratings left out`);
      continue;
    }
    const caller: Caller = { kind: 'user', userId: String(user.id), username: user.username, via: 'session' };
    for (const [place, rating] of PLANS[name]) {
      await container.get(RATINGS.RateRelease).execute({ releaseId: releases[place]!, name, caller, body: () => ({ rating }) });
    }
    log(`ratings: ${name} rated ${PLANS[name].length} releases`);
  }
}

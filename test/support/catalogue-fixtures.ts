import path from 'node:path';
import { runImport, seedDemoData } from './catalogue-import.js';
import type { SharedFill } from './test-database.js';
import type { TestStorage } from './test-storage.js';
import { REPO_ROOT } from './repo-root.js';

/** The repository's fixture folder. */
export const FIXTURES = path.join(REPO_ROOT, 'test/fixtures');

/** Imports the bundled 2020 demo samples and the synthetic master-with-versions records. */
export async function loadCatalogueFixtures(storage: TestStorage): Promise<void> {
  await seedDemoData(storage, { progress: 'none' });
  const dir = path.join(FIXTURES, 'dumps/synthetic');
  await runImport(storage, ['labels.xml', 'artists.xml', 'masters.xml', 'releases.xml'].map((f) => path.join(dir, f)), {
    progress: 'none',
  });
}

/** The catalogue fixtures as a fill of a fresh test storage (`openTestStorage(CATALOGUE_FIXTURES)`): imported once per process on the embedded database. */
export const CATALOGUE_FIXTURES: SharedFill = { fill: loadCatalogueFixtures };

import type { ImportSummary } from '../../application/catalogue/import-dump.js';
import { importFiles, seedDemoData as seedDemo, type ImportOptions } from '../../composition/catalogue/catalogue-import.js';
import { CATALOGUE } from '../../composition/catalogue/catalogue-tokens.js';
import { testContainer } from './test-app.js';
import type { TestStorage } from './test-storage.js';

/** Imports dump files into a test storage with the `ImportDump` the container binds (as `spindle import` does). */
export function runImport(storage: TestStorage, files: string[], options: ImportOptions): Promise<ImportSummary[]> {
  return importFiles(testContainer(storage).get(CATALOGUE.ImportDump), files, options);
}

/** Imports the bundled demo dumps into an empty catalogue (as `spindle seed` does); whether it imported. */
export function seedDemoData(storage: TestStorage, options: ImportOptions): Promise<boolean> {
  const container = testContainer(storage);
  return seedDemo(container.get(CATALOGUE.Samples), container.get(CATALOGUE.ImportDump), options);
}

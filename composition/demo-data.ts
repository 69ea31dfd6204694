import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bundled demo data folder, found from the source or the compiled (dist/) layout. */
export function demoDataDir(): string {
  const candidates = ['../../composition/demo-data/', './demo-data/'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));
  const dir = candidates.find((d) => fs.existsSync(d));
  if (!dir) throw new Error(`The demo data folder is missing (looked in ${candidates.join(', ')})`);
  return dir;
}

/** A file of the bundled demo data. */
export function demoDataFile(name: string): string {
  return demoDataDir() + name;
}

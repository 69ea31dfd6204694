import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DatabaseSchema } from '../adapters/persistence/database.js';
import { isSpindleModule, type SpindleModule } from './spindle-module.js';

const COMPOSITION_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Finds the application's modules: every `<dir>/<name>/<name>-module.js` (compiled from `composition/<name>/`),
 * each exporting a `SpindleModule`. Ordered by name, so the container, routes and migrations are built the same way
 * every time. Module names must be unique.
 */
export async function discoverModules(dir: string = COMPOSITION_DIR): Promise<SpindleModule[]> {
  const found: SpindleModule[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(dir, entry.name, `${entry.name}-module.js`);
    if (!fs.existsSync(file)) continue;
    const exported = Object.values(await import(pathToFileURL(file).href)).filter(isSpindleModule);
    if (exported.length !== 1) throw new Error(`${file} must export exactly one Spindle module, found ${exported.length}`);
    found.push(exported[0]!);
  }
  found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = new Set<string>();
  for (const m of found) {
    if (names.has(m.name)) throw new Error(`Two modules are named ${m.name}`);
    names.add(m.name);
  }
  return found;
}

/** The database schema of a set of modules: all their entity schemas and migrations. */
export function schemaOf(modules: readonly SpindleModule[]): DatabaseSchema {
  return {
    entities: modules.flatMap((m) => m.schema?.entities ?? []),
    migrations: modules.flatMap((m) => m.schema?.migrations ?? []),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DatabaseSchema } from '../adapters/persistence/database.js';
import {
  isSpindleCommands,
  isSpindleModule,
  isSpindleSchema,
  type SpindleCommands,
  type SpindleModule,
} from './spindle-module.js';

const COMPOSITION_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Finds the application's modules: every `<dir>/<name>/<name>-module.js` (compiled from `composition/<name>/`),
 * each exporting a `SpindleModule`. Ordered by name, so the container, routes and migrations are built the same way
 * every time. Module names must be unique. A module's schema must be the export of its `<name>-schema.js` (see
 * `SpindleSchema`), so that commands that open the database from the schema files alone see every table.
 */
export async function discoverModules(dir: string = COMPOSITION_DIR): Promise<SpindleModule[]> {
  const found = await discoverParts(dir, 'module', isSpindleModule, 'Spindle module');
  found.sort((a, b) => byName(a.part.name, b.part.name));
  const names = new Set<string>();
  for (const { part: m, folder } of found) {
    if (names.has(m.name)) throw new Error(`Two modules are named ${m.name}`);
    names.add(m.name);
    if (m.schema) {
      const file = path.join(dir, folder, `${folder}-schema.js`);
      const own = fs.existsSync(file) ? Object.values(await import(pathToFileURL(file).href)) : [];
      if (!own.includes(m.schema)) {
        throw new Error(`The schema of module ${m.name} must be the export of ${file} (see SpindleSchema)`);
      }
    }
  }
  return found.map((f) => f.part);
}

/**
 * The tables of every module, from the modules' schema files alone (`<dir>/<name>/<name>-schema.js`, each exporting
 * a `SpindleSchema`), in module name order as `schemaOf(await discoverModules())` gives them.
 */
export async function discoverSchemas(dir: string = COMPOSITION_DIR): Promise<DatabaseSchema> {
  const found = await discoverParts(dir, 'schema', isSpindleSchema, 'module schema');
  found.sort((a, b) => byName(a.part.module, b.part.module));
  return mergeSchemas(found.map((f) => f.part));
}

/** Every module's `spindle` commands (`<dir>/<name>/<name>-commands.js`, each exporting a `SpindleCommands`), by name. */
export async function discoverCommands(dir: string = COMPOSITION_DIR): Promise<SpindleCommands[]> {
  const found = await discoverParts(dir, 'commands', isSpindleCommands, 'set of module commands');
  return found.map((f) => f.part).sort((a, b) => byName(a.module, b.module));
}

/** The database schema of a set of modules: all their entity schemas and migrations. */
export function schemaOf(modules: readonly SpindleModule[]): DatabaseSchema {
  return mergeSchemas(modules.flatMap((m) => (m.schema ? [m.schema] : [])));
}

function mergeSchemas(schemas: readonly Partial<DatabaseSchema>[]): DatabaseSchema {
  return {
    entities: schemas.flatMap((s) => s.entities ?? []),
    migrations: schemas.flatMap((s) => s.migrations ?? []),
  };
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The one export of each `<dir>/<folder>/<folder>-<suffix>.js` that passes `is`, with its folder. */
async function discoverParts<T>(
  dir: string,
  suffix: string,
  is: (value: unknown) => value is T,
  what: string,
): Promise<{ part: T; folder: string }[]> {
  const found: { part: T; folder: string }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(dir, entry.name, `${entry.name}-${suffix}.js`);
    if (!fs.existsSync(file)) continue;
    const exported = Object.values(await import(pathToFileURL(file).href)).filter(is);
    if (exported.length !== 1) throw new Error(`${file} must export exactly one ${what}, found ${exported.length}`);
    found.push({ part: exported[0]!, folder: entry.name });
  }
  return found;
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * The API's description, docs/openapi.yaml (OpenAPI 3.1), is kept once, in the default (spec) dialect with the brand
 * word `Service`. The words of the other dialect are annotations on it, applied by {@link deriveOpenApiDocument}:
 *
 * - on a property's schema, `x-discogs: absent` (the Discogs dialect has no such key), `x-discogs: only` (only the
 *   Discogs dialect has it) or `x-discogs: rename-to-KEY` (the Discogs dialect names it KEY); the object's `required`
 *   list follows;
 * - on a schema with `enum`, `x-discogs-enum: [...]`: the values the Discogs dialect writes instead;
 * - paths under `/s/{name}` are the user paths: written with the configured user segment (`/users/{username}` when it
 *   is `users`);
 * - the brand word `Service` (and `service` in media types, `vnd.service.` / `service.v2`) is the configured brand.
 *
 * The document served at `/openapi.yaml` and the one the test suite validates every response against are both this
 * function's output for the app's configuration: never two hand-kept documents.
 */
export interface DocumentDialect {
  /** The brand word (BRAND). */
  readonly brand: string;
  /** Which words the API speaks where the spec and the public API differ. */
  readonly dialect: 'spec' | 'discogs';
  /** `s` or `users` (USER_PATH_SEGMENT). */
  readonly userPathSegment: string;
}

/** A parsed OpenAPI document (plain JSON data). */
export type OpenApiDocument = Record<string, unknown>;

/** The annotation keywords of the source document; none is left in a derived one. */
export const DIALECT_KEYWORDS = ['x-discogs', 'x-discogs-enum'] as const;

const SOURCE_USER_PREFIX = '/s/{name}';

/** docs/openapi.yaml, found from this file whether it runs from dist/ or from the sources. */
export function openApiSourcePath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('docs/openapi.yaml not found: no package.json above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
  return path.join(dir, 'docs', 'openapi.yaml');
}

/** Parses the source document's YAML text. */
export function parseOpenApi(text: string): OpenApiDocument {
  const doc: unknown = parse(text);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('The OpenAPI document is not a YAML mapping');
  return doc as OpenApiDocument;
}

/** Reads and parses docs/openapi.yaml. */
export function loadOpenApiSource(file = openApiSourcePath()): OpenApiDocument {
  return parseOpenApi(fs.readFileSync(file, 'utf8'));
}

/** The source document as an app of the given configuration speaks: dialect applied, user segment and brand word substituted. */
export function deriveOpenApiDocument(source: OpenApiDocument, config: DocumentDialect): OpenApiDocument {
  const userParam = config.userPathSegment === 'users' ? 'username' : 'name';
  const brandWords = brandSubstitution(config.brand);
  const derived = transform(source, config.dialect, brandWords) as OpenApiDocument;
  const paths = derived.paths;
  if (paths && typeof paths === 'object') {
    const renamed: Record<string, unknown> = {};
    for (const [template, item] of Object.entries(paths as Record<string, unknown>)) {
      if (template === SOURCE_USER_PREFIX || template.startsWith(SOURCE_USER_PREFIX + '/')) {
        const rest = template.slice(SOURCE_USER_PREFIX.length);
        renamed[`/${config.userPathSegment}/{${userParam}}${rest}`] = userParam === 'name' ? item : renameUserParameter(item, userParam);
      } else {
        renamed[template] = item;
      }
    }
    derived.paths = renamed;
  }
  return derived;
}

/** The brand word's substitution in a text or key. */
function brandSubstitution(brand: string): (text: string) => string {
  if (brand === 'Service') return (text) => text;
  const lower = brand.toLowerCase();
  return (text) =>
    text
      .replace(/\bService\b/g, brand)
      .replace(/\bvnd\.service\./g, `vnd.${lower}.`)
      .replace(/\bservice\.v2\b/g, `${lower}.v2`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A deep copy with the dialect's annotations applied and removed, and the brand word substituted in keys and texts. */
function transform(value: unknown, dialect: DocumentDialect['dialect'], brand: (text: string) => string): unknown {
  if (typeof value === 'string') return brand(value);
  if (Array.isArray(value)) return value.map((v) => transform(v, dialect, brand));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  const renames = new Map<string, string>();
  const dropped = new Set<string>();
  for (const [key, child] of Object.entries(value)) {
    if ((DIALECT_KEYWORDS as readonly string[]).includes(key)) continue;
    if (key === 'properties' && isRecord(child)) {
      const properties: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(child)) {
        const rule = isRecord(schema) ? schema['x-discogs'] : undefined;
        const target = propertyInDialect(name, rule, dialect);
        if (target === undefined) {
          dropped.add(name);
          continue;
        }
        if (target !== name) renames.set(name, target);
        properties[target] = transform(schema, dialect, brand);
      }
      out.properties = properties;
      continue;
    }
    out[brand(key)] = transform(child, dialect, brand);
  }
  if (dialect === 'discogs' && Array.isArray(value['x-discogs-enum'])) out.enum = transform(value['x-discogs-enum'], dialect, brand);
  if (Array.isArray(out.required) && (renames.size > 0 || dropped.size > 0)) {
    out.required = (out.required as unknown[])
      .filter((k) => typeof k !== 'string' || !dropped.has(k))
      .map((k) => (typeof k === 'string' ? (renames.get(k) ?? k) : k));
  }
  return out;
}

/** The key a property has in the dialect (undefined: absent there), from its `x-discogs` annotation. */
function propertyInDialect(name: string, rule: unknown, dialect: DocumentDialect['dialect']): string | undefined {
  if (rule === undefined) return name;
  if (rule === 'only') return dialect === 'discogs' ? name : undefined;
  if (rule === 'absent') return dialect === 'discogs' ? undefined : name;
  if (typeof rule === 'string' && rule.startsWith('rename-to-') && rule.length > 'rename-to-'.length) {
    return dialect === 'discogs' ? rule.slice('rename-to-'.length) : name;
  }
  throw new Error(`Unknown x-discogs annotation on property "${name}": ${JSON.stringify(rule)} (absent, only or rename-to-KEY)`);
}

/** A path item with its `{name}` path parameter (at path and operation level) renamed. */
function renameUserParameter(item: unknown, to: string): unknown {
  if (!isRecord(item)) return item;
  const rename = (params: unknown): unknown =>
    Array.isArray(params)
      ? params.map((p) => (isRecord(p) && p.in === 'path' && p.name === 'name' ? { ...p, name: to } : p))
      : params;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(item)) {
    out[key] = key === 'parameters' ? rename(child) : isRecord(child) && 'parameters' in child ? { ...child, parameters: rename(child.parameters) } : child;
  }
  return out;
}

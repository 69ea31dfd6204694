import type { DiscogsDialect, SpecDialect } from './openapi-types.js';

type SpecSchemas = SpecDialect.components['schemas'];
type DiscogsSchemas = DiscogsDialect.components['schemas'];

/**
 * A schema of docs/openapi.yaml (components.schemas) as either dialect writes it: what a presenter returns, so that a
 * body the document does not describe is a compile error. The types are generated (adapters/http/openapi-types.ts,
 * `npm run openapi:types`); ADR 0031, ADR 0035. Every JSON body the API sends is a named schema (a body once written
 * inline under `paths` has a name in components and a `$ref` there), so this one helper types them all.
 */
export type ApiSchema<K extends keyof SpecSchemas & keyof DiscogsSchemas> = SpecSchemas[K] | DiscogsSchemas[K];

/**
 * A user's login as each dialect writes it (GAPS.md "Two dialects"): `name` and `username` (the same value) in the
 * spec's, `username` alone in Discogs'. A union of the two shapes rather than one shape with an optional `name`, so
 * that an object spreading it is checked against the dialect it belongs to (ADR 0035).
 */
export type Login = Pick<SpecSchemas['UserLogin'], 'name' | 'username'> | Pick<DiscogsSchemas['UserLogin'], 'username'>;

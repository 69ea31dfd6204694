import type { DiscogsDialect, SpecDialect } from './openapi-types.js';

type SpecSchemas = SpecDialect.components['schemas'];
type DiscogsSchemas = DiscogsDialect.components['schemas'];

/**
 * A schema of docs/openapi.yaml (components.schemas) as either dialect writes it: what a presenter returns, so that a
 * body the document does not describe is a compile error. The types are generated (adapters/http/openapi-types.ts,
 * `npm run openapi:types`); ADR 0031.
 */
export type ApiSchema<K extends keyof SpecSchemas & keyof DiscogsSchemas> = SpecSchemas[K] | DiscogsSchemas[K];

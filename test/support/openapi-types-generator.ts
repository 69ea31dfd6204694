import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { deriveOpenApiDocument, loadOpenApiSource } from '../../adapters/http/api-docs/openapi-document.js';
import { REPO_ROOT } from './repo-root.js';

/**
 * The TypeScript types of docs/openapi.yaml, for the presenters to return (openapi-typescript): one namespace per
 * dialect, each from the schemas (components.schemas) of the document derived for it, in adapters/http/openapi-types.ts. `npm run openapi:types` writes
 * the file; test/unit/adapters/http/openapi-types.test.ts fails while it is not what the document gives.
 */
export const OPENAPI_TYPES_FILE = path.join(REPO_ROOT, 'adapters', 'http', 'openapi-types.ts');

const DIALECTS = [
  { namespace: 'SpecDialect', config: { brand: 'Service', dialect: 'spec', userPathSegment: 's' } },
  { namespace: 'DiscogsDialect', config: { brand: 'Discogs', dialect: 'discogs', userPathSegment: 'users' } },
] as const;

export async function generateOpenApiTypes(): Promise<string> {
  const source = loadOpenApiSource();
  const parts: string[] = [
    '// Generated from docs/openapi.yaml by `npm run openapi:types` (openapi-typescript). Do not edit: change the',
    '// document and run the script again (a test fails while this file is not what the document gives).',
    '/* eslint-disable */',
    '',
  ];
  for (const { namespace, config } of DIALECTS) {
    // The schemas alone: what presenters return (the operations' types would double the file for no caller).
    const derived = deriveOpenApiDocument(source, config);
    const schemas = (derived.components as { schemas?: unknown } | undefined)?.schemas ?? {};
    const doc = { openapi: derived.openapi, info: derived.info, paths: {}, components: { schemas } };
    const ast = await openapiTS(doc as never, { exportType: false, alphabetize: false, rootTypes: false });
    const body = astToString(ast)
      .trim()
      .split('\n')
      .map((line) => (line === '' ? line : `  ${line}`))
      .join('\n');
    parts.push(`/** The ${config.dialect} dialect's shapes. */`, `export namespace ${namespace} {`, body, '}', '');
  }
  return parts.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(OPENAPI_TYPES_FILE, await generateOpenApiTypes());
  console.log(`wrote ${path.relative(REPO_ROOT, OPENAPI_TYPES_FILE)}`);
}

import { expect } from 'chai';
import type { Container } from 'inversify';
import { deriveOpenApiDocument, loadOpenApiSource } from '../../../adapters/http/api-docs/openapi-document.js';
import { OPERATIONS_ENDPOINTS } from '../../../adapters/http/operations-lane.js';
import { routeTable } from '../../support/hostile-requests.js';
import { testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `/s/:name/wants/:release` and `/s/{name}/wants/{release_id}` are one shape: `/s/{}/wants/{}`. */
function shape(path: string): string {
  return path
    .split('/')
    .map((s) => (s.startsWith(':') || /^\{[^}]*\}$/.test(s) ? '{}' : s))
    .join('/');
}

/**
 * Every `METHOD shape` the Koa router has (the fuzzer's route table), but for the modules' web pages (not the API's),
 * and the operator's endpoints the operations lane answers in front of it.
 */
function routedOperations(container: Container): Set<string> {
  const { routes, webPage } = routeTable(container);
  return new Set([...routes.filter((r) => !webPage(r.path)).map((r) => `${r.method} ${shape(r.path)}`), ...OPERATIONS_ENDPOINTS]);
}

/** Every `METHOD shape` of the document derived for a dialect, its user paths as the router registers them (`/s/…`). */
function documentedOperations(config: { brand: string; dialect: 'spec' | 'discogs'; userPathSegment: string }): Set<string> {
  const doc = deriveOpenApiDocument(loadOpenApiSource(), config);
  const found = new Set<string>();
  for (const [template, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    // normalizePath routes either user segment to the canonical one.
    const canonical = template.replace(/^\/(?:s|users)(?=\/|$)/, '/s');
    for (const m of METHODS) if (item[m] !== undefined) found.add(`${m.toUpperCase()} ${shape(canonical)}`);
  }
  return found;
}

/**
 * The document and the router agree: every route of the API is an operation of docs/openapi.yaml, and every operation
 * the document describes is routed, in both dialects (the Discogs one's paths are `/users/{username}/…`).
 */
describe('OpenAPI document: routes and operations agree', () => {
  let storage: TestStorage;
  before(async () => {
    storage = await openTestStorage();
  });
  after(() => storage.close());

  const dialects = [
    { name: 'the spec dialect', env: {}, config: { brand: 'Service', dialect: 'spec', userPathSegment: 's' } },
    { name: 'the Discogs dialect', env: { BRAND: 'Discogs' }, config: { brand: 'Discogs', dialect: 'discogs', userPathSegment: 'users' } },
  ] as const;

  for (const { name, env, config } of dialects) {
    describe(name, () => {
      it('documents every route of the API', () => {
        const documented = documentedOperations(config);
        const undocumented = [...routedOperations(testContainer(storage, env))].filter((op) => !documented.has(op)).sort();
        expect(undocumented, `routed but not in docs/openapi.yaml:\n${undocumented.join('\n')}`).to.deep.equal([]);
      });

      it('routes every operation of the document', () => {
        const routed = routedOperations(testContainer(storage, env));
        const unrouted = [...documentedOperations(config)].filter((op) => !routed.has(op)).sort();
        expect(unrouted, `in docs/openapi.yaml but not routed:\n${unrouted.join('\n')}`).to.deep.equal([]);
      });

      it('writes the user paths with the dialect’s segment and parameter', () => {
        const doc = deriveOpenApiDocument(loadOpenApiSource(), config);
        const userPaths = Object.keys(doc.paths as object).filter((p) => /^\/(?:s|users)\//.test(p));
        expect(userPaths).to.not.be.empty;
        const prefix = config.userPathSegment === 'users' ? '/users/{username}' : '/s/{name}';
        for (const p of userPaths) expect(p.startsWith(prefix), p).to.equal(true);
      });
    });
  }
});

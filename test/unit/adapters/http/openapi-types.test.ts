import fs from 'node:fs';
import { expect } from 'chai';
import { generateOpenApiTypes, OPENAPI_TYPES_FILE } from '../../../support/openapi-types-generator.js';

/** The presenters' types are the document's: adapters/http/openapi-types.ts is what docs/openapi.yaml gives now. */
describe('OpenAPI types (adapters/http/openapi-types.ts)', () => {
  it('are what openapi-typescript makes of docs/openapi.yaml (else: npm run openapi:types)', async function () {
    this.timeout(60_000);
    const current = fs.readFileSync(OPENAPI_TYPES_FILE, 'utf8');
    expect(current === (await generateOpenApiTypes()), 'adapters/http/openapi-types.ts is stale: run `npm run openapi:types`').to.equal(true);
  });
});

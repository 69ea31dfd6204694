import { expect } from 'chai';
import type { ApiSchema } from '../../../../adapters/http/api-shapes.js';

/**
 * Presenters return `ApiSchema<'Name'>` (ADR 0035): a body that departs from docs/openapi.yaml does not compile. The
 * `@ts-expect-error` lines are the test (the build fails if one of them compiles); the assertions only run them.
 */
describe('ApiSchema: bodies typed by the OpenAPI document', () => {
  it('refuses a key the document lacks, a required key left out and a value outside an enum', () => {
    const folder: ApiSchema<'Folder'> = { id: 0, count: 0, name: 'All', resource_url: 'https://api.test/s/ann/collection/folders/0' };
    // @ts-expect-error: `colour` is not a key of a folder
    const extra: ApiSchema<'Folder'> = { ...folder, colour: 'red' };
    // @ts-expect-error: `resource_url` is required
    const missing: ApiSchema<'Folder'> = { id: 0, count: 0, name: 'All' };
    // @ts-expect-error: `in_cart` is the constant true
    const notInCart: ApiSchema<'CartItem'> = { listing_id: 1, resource_url: 'https://api.test/marketplace/listings/1', in_cart: false };
    // @ts-expect-error: neither dialect spells a status so
    const status: ApiSchema<'OrderStatus'> = 'Buyer Contacted Twice';
    expect([folder, extra, missing, notInCart, status]).to.have.length(5);
  });

  it('takes either dialect’s spelling where the two differ', () => {
    const spec: ApiSchema<'OrderStatus'> = 'Buyer ed';
    const discogs: ApiSchema<'OrderStatus'> = 'Buyer Contacted';
    const specLogin: ApiSchema<'OrderActor'> = { name: 'ann', username: 'ann', resource_url: 'https://api.test/s/ann' };
    const discogsLogin: ApiSchema<'OrderActor'> = { username: 'ann', resource_url: 'https://api.test/users/ann' };
    expect([spec, discogs, specLogin, discogsLogin]).to.have.length(4);
  });
});

import { expect } from 'chai';
import { deriveOpenApiDocument, type OpenApiDocument } from '../../../../adapters/http/api-docs/openapi-document.js';
import { OpenApiValidator } from '../../../support/openapi-validator.js';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

/** A small source document with every annotation of the vocabulary. */
function source(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Service API', version: '2' },
    components: {
      schemas: {
        Message: { type: 'object', required: ['message'], additionalProperties: false, properties: { message: { type: 'string' } } },
        Profile: {
          type: 'object',
          required: ['name', 'username', 'real_name', 'status'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', 'x-discogs': 'absent' },
            username: { type: 'string' },
            real_name: { type: ['string', 'null'], 'x-discogs': 'rename-to-name' },
            rank: { type: 'number', 'x-discogs': 'only' },
            status: { type: 'string', enum: ['New Order', 'Buyer ed'], 'x-discogs-enum': ['New Order', 'Buyer Contacted'] },
          },
        },
      },
      headers: { RateLimit: { description: 'X-Service-Ratelimit', schema: { type: 'integer' } } },
    },
    paths: {
      '/s/{name}': {
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'The profile', headers: { 'X-Service-Ratelimit': { $ref: '#/components/headers/RateLimit' } }, ...json({ $ref: '#/components/schemas/Profile' }) },
            '404': { description: 'none', ...json({ $ref: '#/components/schemas/Message' }) },
          },
        },
      },
      '/releases/{release_id}': { get: { responses: { '200': { description: 'ok', ...json({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }) } } } },
    },
  };
}

const SPEC = { brand: 'Service', dialect: 'spec', userPathSegment: 's' } as const;
const DISCOGS = { brand: 'Discogs', dialect: 'discogs', userPathSegment: 'users' } as const;

describe('deriveOpenApiDocument: the document of a dialect, from the one source', () => {
  it('keeps the spec dialect’s words, dropping the Discogs-only keys and every annotation', () => {
    const doc = deriveOpenApiDocument(source(), SPEC) as any;
    const profile = doc.components.schemas.Profile;
    expect(Object.keys(profile.properties)).to.deep.equal(['name', 'username', 'real_name', 'status']);
    expect(profile.required).to.deep.equal(['name', 'username', 'real_name', 'status']);
    expect(profile.properties.status.enum).to.deep.equal(['New Order', 'Buyer ed']);
    expect(JSON.stringify(doc)).to.not.include('x-discogs');
    expect(Object.keys(doc.paths)).to.deep.equal(['/s/{name}', '/releases/{release_id}']);
    expect(doc.info.title).to.equal('Service API');
  });

  it('applies the Discogs dialect: keys dropped, renamed (in `required` too) and added, enum values, user paths, brand word', () => {
    const doc = deriveOpenApiDocument(source(), DISCOGS) as any;
    const profile = doc.components.schemas.Profile;
    expect(Object.keys(profile.properties).sort()).to.deep.equal(['name', 'rank', 'status', 'username']);
    expect(profile.properties.name.type).to.deep.equal(['string', 'null']); // the real name, renamed
    expect(profile.required).to.deep.equal(['username', 'name', 'status']);
    expect(profile.properties.status.enum).to.deep.equal(['New Order', 'Buyer Contacted']);
    expect(Object.keys(doc.paths)).to.deep.equal(['/users/{username}', '/releases/{release_id}']);
    const item = doc.paths['/users/{username}'];
    expect(item.parameters[0].name).to.equal('username');
    expect(item.get.parameters[0].name).to.equal('username');
    expect(Object.keys(item.get.responses['200'].headers)).to.deep.equal(['X-Discogs-Ratelimit']);
    expect(doc.info.title).to.equal('Discogs API');
    expect(JSON.stringify(doc)).to.not.match(/x-discogs|\bService\b/);
  });

  it('leaves the source as it was', () => {
    const original = source();
    const copy = JSON.parse(JSON.stringify(original));
    deriveOpenApiDocument(original, DISCOGS);
    expect(original).to.deep.equal(copy);
  });

  it('refuses an annotation outside the vocabulary', () => {
    const doc = source() as any;
    doc.components.schemas.Profile.properties.username['x-discogs'] = 'renamed';
    expect(() => deriveOpenApiDocument(doc, DISCOGS)).to.throw(/Unknown x-discogs annotation on property "username"/);
  });
});

describe('OpenApiValidator: a response against its operation', () => {
  const spec = new OpenApiValidator(deriveOpenApiDocument(source(), SPEC), 's');
  const discogs = new OpenApiValidator(deriveOpenApiDocument(source(), DISCOGS), 'users');
  const noPages = () => false;
  const ok = (url: string, body: unknown, status = 200, contentType = 'application/json; charset=utf-8') => ({
    method: 'GET',
    url,
    status,
    contentType,
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });
  const profile = { name: 'ann', username: 'ann', real_name: null, status: 'Buyer ed' };

  it('passes a response the document describes, by the templated path, either user segment and a trailing slash', () => {
    expect(spec.check(ok('/s/ann', profile), noPages)).to.deep.equal([]);
    expect(spec.check(ok('/users/ann/', profile), noPages)).to.deep.equal([]);
    expect(discogs.check(ok('/users/ann', { username: 'ann', name: 'Ann', status: 'Buyer Contacted' }), noPages)).to.deep.equal([]);
  });

  it('names the instance path and the key of a body that departs from the schema', () => {
    const [v, ...rest] = spec.check(ok('/s/ann?x=1', { ...profile, extra: 1 }), noPages);
    expect(rest).to.deep.equal([]);
    expect(v).to.include({ operation: 'GET /s/{name}', status: 200, instancePath: '', request: 'GET /s/ann?x=1' });
    expect(v!.message).to.match(/must NOT have additional properties: extra/);
    const wrongDialect = discogs.check(ok('/users/ann', { username: 'ann', name: 'Ann', status: 'Buyer ed' }), noPages);
    expect(wrongDialect.map((x) => x.instancePath)).to.deep.equal(['/status']);
  });

  it('refuses a status or a media type the operation does not declare, and a path the document does not have', () => {
    expect(spec.check(ok('/s/ann', { message: 'x' }, 401), noPages)[0]!.message).to.match(/status 401 is not declared/);
    expect(spec.check(ok('/s/ann', '<p>', 200, 'text/html'), noPages)[0]!.message).to.match(/media type text\/html is not declared/);
    expect(spec.check(ok('/wishes', { a: 1 }), noPages)[0]!.message).to.match(/no path of the document/);
  });

  it('skips the web pages, and takes a refusal of an unknown path when it is the API’s {message}', () => {
    expect(spec.check(ok('/wishes', '<p>', 200, 'text/html'), (p) => p === '/wishes')).to.deep.equal([]);
    expect(spec.check(ok('/nowhere', { message: 'Not found.' }, 404), noPages)).to.deep.equal([]);
    expect(spec.check(ok('/nowhere', { error: 'x' }, 404), noPages)).to.have.length.greaterThan(0);
    expect(spec.check(ok('/nowhere', 'Not found', 404, 'text/plain'), noPages)[0]!.message).to.match(/not the API's \{message\}/);
    // A method the path has no operation for: the router's 405, or a refusal before routing, is the API's {message}.
    expect(spec.check({ ...ok('/s/ann', { message: 'Method not allowed.' }, 405), method: 'DELETE' }, noPages)).to.deep.equal([]);
    expect(spec.check({ ...ok('/s/ann', { message: 'Too long.' }, 414), method: 'PUT' }, noPages)).to.deep.equal([]);
    expect(spec.check({ ...ok('/s/ann', { message: 'x' }), method: 'DELETE' }, noPages)[0]!.message).to.match(/no DELETE operation/);
  });

  it('checks a JSONP body by its inner status and data', () => {
    const wrap = (status: number, data: unknown) => ok(`/releases/1?callback=cb`, `/**/ cb({"meta": {"status": ${status}}, "data": ${JSON.stringify(data)}})`, 200, 'text/javascript; charset=utf-8');
    expect(spec.check(wrap(200, { id: 1 }), noPages)).to.deep.equal([]);
    expect(spec.check(wrap(200, { id: 'one' }), noPages).map((v) => v.instancePath)).to.deep.equal(['/id']);
    expect(spec.check(wrap(404, { message: 'gone' }), noPages)[0]!.message).to.match(/status 404 is not declared/);
  });
});

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import {
  deriveOpenApiDocument,
  loadOpenApiSource,
  type DocumentDialect,
  type OpenApiDocument,
} from '../../adapters/http/api-docs/openapi-document.js';

/**
 * Checks an HTTP response against the operation of the OpenAPI document (docs/openapi.yaml, derived for the app's
 * dialect) that it answers: method + templated path → status (exact, `4XX`, `default`) → media type → JSON Schema
 * (ajv, draft 2020-12, ajv-formats). JSON bodies are validated; JSONP bodies by their inner `data` under `meta.status`;
 * other media types (HTML, CSV, images, YAML, text) only for being declared. A status or media type the operation does
 * not declare is a violation, and so is a response on a path the document does not have, but for the app's web pages
 * (the list the router keeps: `HttpApp.isWebPage`), a refusal (4xx with `{message}`) of a path no route has, and the
 * site's 404 page (HTML) for one.
 */

/** One way a response departs from the document. */
export interface Violation {
  /** `GET /releases/{release_id}` (the operationId in brackets when the operation has one). */
  readonly operation: string;
  readonly status: number;
  readonly mediaType: string;
  /** Where in the body (JSON pointer), empty for the whole response. */
  readonly instancePath: string;
  readonly message: string;
  /** The request as sent (method and URL), to find the test. */
  readonly request: string;
}

/** A response as the server sent it. */
export interface ObservedResponse {
  readonly method: string;
  /** The request target (path and query). */
  readonly url: string;
  readonly status: number;
  readonly contentType: string | undefined;
  readonly contentEncoding?: string | undefined;
  /** The body bytes, or undefined when more were sent than are kept. */
  readonly body: Buffer | undefined;
}

const DOCUMENT_ID = 'urn:spindle:openapi';

interface Template {
  readonly template: string;
  readonly pattern: RegExp;
  readonly literals: number;
  readonly item: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON pointer segment as a URI fragment part. */
function pointerSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly templates: readonly Template[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    readonly document: OpenApiDocument,
    private readonly userPathSegment: string,
  ) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
    formatsPlugin.default(this.ajv);
    // OpenAPI's own format names, which JSON Schema leaves open: annotations here.
    for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) this.ajv.addFormat(name, true);
    this.ajv.addSchema(document, DOCUMENT_ID);
    const paths = isRecord(document.paths) ? document.paths : {};
    this.templates = Object.entries(paths)
      .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
      .map(([template, item]) => {
        const segments = template.split('/');
        const source = segments
          .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        return { template, pattern: new RegExp(`^${source}$`), literals: segments.filter((s) => s !== '' && !s.startsWith('{')).length, item };
      });
  }

  /** The document's path template a request path answers to, and how it was found (tolerances of `normalizePath`). */
  match(rawPath: string): Template | undefined {
    const collapsed = rawPath.replace(/\/{2,}/g, '/');
    const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
    const user = (p: string) => p.replace(/^\/(?:s|users)(?=\/|$)/, `/${this.userPathSegment}`);
    for (const candidate of [rawPath, collapsed, user(collapsed), trimmed, user(trimmed)]) {
      const found = this.templates.filter((t) => t.pattern.test(candidate)).sort((a, b) => b.literals - a.literals)[0];
      if (found) return found;
    }
    return undefined;
  }

  /** Every way the response departs from the document; `isWebPage` tells the app's web pages (not API paths). */
  check(response: ObservedResponse, isWebPage: (path: string) => boolean): Violation[] {
    const method = response.method.toLowerCase();
    const rawPath = response.url.split('?')[0] ?? '/';
    const request = `${response.method} ${response.url.length > 200 ? response.url.slice(0, 200) + '…' : response.url}`;
    const mediaType = (response.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const found = this.match(rawPath);
    const normalized = rawPath.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1').replace(/^\/users(?=\/|$)/, '/s');
    if (!found) {
      if (isWebPage(normalized) || isWebPage(rawPath)) return [];
      // The site's designed page, which a browser (its Accept) gets for a path outside the API, whatever the status
      // (404, or the pages' 429 when it opens too many): the API never answers HTML.
      if (mediaType === 'text/html') return [];
      // A refusal of a path no route has (404), or of a request refused before routing (400, 414, 431).
      if (response.status >= 400 && response.status < 500) return this.checkMessage(`(no path) ${rawPath.slice(0, 80)}`, response, mediaType, request);
      return [violation(`${response.method} ${rawPath.slice(0, 80)}`, response.status, mediaType, '', 'no path of the document answers to this request path', request)];
    }
    const operationOf = (m: string) => (isRecord(found.item[m]) ? (found.item[m] as Record<string, unknown>) : undefined);
    let operation = operationOf(method);
    let bodyExpected = true;
    if (!operation && method === 'head') {
      operation = operationOf('get');
      bodyExpected = false;
    }
    const name = `${response.method.toUpperCase()} ${found.template}`;
    if (!operation) {
      if (method === 'options' && response.status === 204) return []; // CORS preflight, answered for every path
      // A refusal that never reached an operation: the router's 405, or one before routing (400, 414, 431, …).
      if (response.status >= 400 && response.status < 500) return this.checkMessage(name, response, mediaType, request);
      if (isWebPage(normalized)) return [];
      return [violation(name, response.status, mediaType, '', `the document has no ${response.method.toUpperCase()} operation at this path`, request)];
    }
    const label = typeof operation.operationId === 'string' ? `${name} (${operation.operationId})` : name;
    const pointer = `/paths/${pointerSegment(found.template)}/${pointerSegment(method === 'head' && bodyExpected === false ? 'get' : method)}`;

    // JSONP: the real status and body are inside.
    if (mediaType === 'text/javascript' && /[?&]callback=/.test(response.url) && response.body) {
      const inner = unwrapJsonp(response.body.toString('utf8'));
      if (inner === undefined) return [violation(label, response.status, mediaType, '', 'a JSONP body that is not callback({"meta": …, "data": …})', request)];
      return this.checkBody(label, pointer, operation, inner.status, 'application/json', Buffer.from(JSON.stringify(inner.data)), true, request);
    }
    if (response.contentEncoding && response.contentEncoding !== 'identity') {
      return this.checkBody(label, pointer, operation, response.status, mediaType, undefined, false, request);
    }
    return this.checkBody(label, pointer, operation, response.status, mediaType, response.body, bodyExpected, request);
  }

  private checkBody(
    label: string,
    operationPointer: string,
    operation: Record<string, unknown>,
    status: number,
    mediaType: string,
    body: Buffer | undefined,
    bodyExpected: boolean,
    request: string,
  ): Violation[] {
    const responses = isRecord(operation.responses) ? operation.responses : {};
    const code = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'].find((c) => c in responses);
    if (code === undefined) return [violation(label, status, mediaType, '', `status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`, request)];
    let responsePointer = `${operationPointer}/responses/${pointerSegment(code)}`;
    let declared: unknown = responses[code];
    for (let hops = 0; isRecord(declared) && typeof declared.$ref === 'string' && hops < 8; hops++) {
      const ref = declared.$ref;
      if (!ref.startsWith('#/')) break;
      responsePointer = ref.slice(1).split('/').map((s) => pointerSegment(s.replace(/~1/g, '/').replace(/~0/g, '~'))).join('/');
      declared = resolvePointer(this.document, ref.slice(1));
    }
    if (!isRecord(declared)) return [violation(label, status, mediaType, '', `the response ${code} does not resolve`, request)];
    const content = isRecord(declared.content) ? declared.content : undefined;
    const empty = body !== undefined && body.length === 0;
    if (!content || Object.keys(content).length === 0) {
      if (bodyExpected && body !== undefined && !empty) return [violation(label, status, mediaType, '', `a body (${mediaType || 'no Content-Type'}) where the document declares none`, request)];
      return [];
    }
    if (!bodyExpected) return [];
    if (empty) {
      // A refusal the document declares may come bodiless (`x-empty-body`: the 403 to a missing User-Agent).
      if (declared['x-empty-body'] === true) return [];
      return [violation(label, status, mediaType, '', `an empty body where the document declares ${Object.keys(content).join(', ')}`, request)];
    }
    const key = Object.keys(content).find((k) => mediaMatches(k.toLowerCase(), mediaType));
    if (key === undefined) {
      return [violation(label, status, mediaType, '', `media type ${mediaType || '(none)'} is not declared (declared: ${Object.keys(content).join(', ')})`, request)];
    }
    if (!/[/+]json$/.test(mediaType) || body === undefined) return [];
    const media = content[key];
    if (!isRecord(media) || media.schema === undefined) return [];
    let data: unknown;
    try {
      data = JSON.parse(body.toString('utf8'));
    } catch {
      return [violation(label, status, mediaType, '', 'the body is not JSON', request)];
    }
    const schemaRef = `${DOCUMENT_ID}#${responsePointer}/content/${pointerSegment(key)}/schema`;
    let validate = this.compiled.get(schemaRef);
    if (!validate) {
      validate = this.ajv.compile({ $ref: schemaRef });
      this.compiled.set(schemaRef, validate);
    }
    if (validate(data)) return [];
    return (validate.errors ?? []).map((e) => violation(label, status, mediaType, e.instancePath, describe(e), request));
  }

  /** A refusal outside any operation: a 4xx whose body is the API's `{message}` (when the document has that schema). */
  private checkMessage(label: string, response: ObservedResponse, mediaType: string, request: string): Violation[] {
    if (!isRecord(resolvePointer(this.document, '/components/schemas/Message'))) return [];
    if (!response.body || response.body.length === 0) return [];
    if (!/[/+]json$/.test(mediaType)) {
      return [violation(label, response.status, mediaType, '', `a refusal outside any operation that is not the API's {message} (${mediaType || 'no Content-Type'})`, request)];
    }
    let data: unknown;
    try {
      data = JSON.parse(response.body.toString('utf8'));
    } catch {
      return [violation(label, response.status, mediaType, '', 'the body is not JSON', request)];
    }
    const ref = `${DOCUMENT_ID}#/components/schemas/Message`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(data)) return [];
    return (validate.errors ?? []).map((e) => violation(label, response.status, mediaType, e.instancePath, describe(e), request));
  }
}

function violation(operation: string, status: number, mediaType: string, instancePath: string, message: string, request: string): Violation {
  return { operation, status, mediaType, instancePath, message, request };
}

/** The ajv error as a sentence, with the offending key or the allowed values where ajv keeps them in `params`. */
function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
    return `${e.message ?? e.keyword}: ${String(p.additionalProperty ?? p.unevaluatedProperty)} (${e.schemaPath})`;
  }
  if (e.keyword === 'enum') return `${e.message ?? e.keyword}: ${JSON.stringify(p.allowedValues)} (${e.schemaPath})`;
  return `${e.message ?? e.keyword} (${e.schemaPath})`;
}

function mediaMatches(declared: string, actual: string): boolean {
  if (declared === actual || declared === '*/*') return true;
  if (declared.endsWith('/*')) return actual.startsWith(declared.slice(0, -1));
  return false;
}

function resolvePointer(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** `/**\/ cb({"meta": {"status": 404, …}, "data": …})` → the status and data. */
function unwrapJsonp(text: string): { status: number; data: unknown } | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  try {
    const inner = JSON.parse(text.slice(open + 1, close)) as { meta?: { status?: unknown }; data?: unknown };
    if (!isRecord(inner.meta) || typeof inner.meta.status !== 'number') return undefined;
    return { status: inner.meta.status, data: inner.data };
  } catch {
    return undefined;
  }
}

/** One validator per dialect configuration, over the document as it is on disk when first asked. */
const validators = new Map<string, OpenApiValidator>();
let source: OpenApiDocument | undefined;

export function validatorFor(config: DocumentDialect): OpenApiValidator {
  const key = `${config.brand}|${config.dialect}|${config.userPathSegment}`;
  let validator = validators.get(key);
  if (!validator) {
    source ??= loadOpenApiSource();
    validator = new OpenApiValidator(deriveOpenApiDocument(source, config), config.userPathSegment);
    validators.set(key, validator);
  }
  return validator;
}

import fs from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import type { HttpApp } from '../../adapters/http/app.js';
import type { DocumentDialect } from '../../adapters/http/api-docs/openapi-document.js';
import { validatorFor, type Violation } from './openapi-validator.js';
import { REPO_ROOT } from './repo-root.js';

/**
 * Every response of every app the tests build is checked against docs/openapi.yaml (see `OpenApiValidator`).
 *
 * `OPENAPI_VALIDATION`:
 * - unset or `enforce`: the root `afterEach` (test/setup.ts) fails the test during which (or during whose hooks) a
 *   response departed from the document, naming the operation, status, instance path and ajv message;
 * - `report`: nothing fails; each distinct violation is counted and written, when the run ends, to
 *   openapi-violations.txt at the repository root (gitignored), one line each (in a parallel run, as `npm test`'s,
 *   each worker process writes its own, openapi-violations.worker-N.txt);
 * - `off`: no check at all (to measure what the check costs).
 */
export type ValidationMode = 'enforce' | 'report' | 'off';

export function validationMode(env: NodeJS.ProcessEnv = process.env): ValidationMode {
  const raw = env.OPENAPI_VALIDATION?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'enforce') return 'enforce';
  if (raw === 'report' || raw === 'off') return raw;
  throw new Error(`OPENAPI_VALIDATION must be enforce, report or off, got "${env.OPENAPI_VALIDATION}"`);
}

const worker = process.env.MOCHA_WORKER_ID;
export const VIOLATIONS_FILE = path.join(REPO_ROOT, worker === undefined ? 'openapi-violations.txt' : `openapi-violations.worker-${worker}.txt`);

/** Bodies larger than this are only checked for status and media type. */
const MAX_KEPT_BODY = 4 * 1024 * 1024;

const WRAPPED = Symbol('openapi-validated');
const pending: Violation[] = [];
/** What the checks cost: responses checked and the time spent checking them (compiling schemas included). */
export const checkCost = { responses: 0, nanoseconds: 0n };
const reported = new Map<string, { violation: Violation; count: number }>();

/**
 * The app with every response it sends checked against the document of its dialect (`callback()` wrapped in place,
 * so the container's singleton is the checked one). Nothing happens with `OPENAPI_VALIDATION=off`.
 */
export function validateResponses<T extends HttpApp>(app: T, config: DocumentDialect, mode = validationMode()): T {
  if (mode === 'off' || (app as unknown as Record<symbol, unknown>)[WRAPPED]) return app;
  const original = app.callback.bind(app);
  const dialect: DocumentDialect = { brand: config.brand, dialect: config.dialect, userPathSegment: config.userPathSegment };
  Object.defineProperty(app, 'callback', {
    value: () => checkedListener(original(), dialect, (p) => app.isWebPage(p), mode),
    configurable: true,
  });
  Object.defineProperty(app, WRAPPED, { value: true });
  return app;
}

function checkedListener(
  listener: RequestListener,
  config: DocumentDialect,
  isWebPage: (path: string) => boolean,
  mode: ValidationMode,
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    // Koa rewrites req.url while normalizing the path: the request as sent is taken first.
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const chunks: Buffer[] = [];
    let kept = 0;
    let overflow = false;
    let headStatus: number | undefined;
    let headHeaders: Record<string, string> = {};
    const collect = (chunk: unknown, encoding: unknown): void => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || overflow) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      kept += buffer.length;
      if (kept > MAX_KEPT_BODY) {
        overflow = true;
        chunks.length = 0;
      } else {
        chunks.push(buffer);
      }
    };
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      headStatus = status;
      const headers = rest.find((r) => typeof r === 'object' && r !== null);
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) headHeaders[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
      } else if (headers) {
        headHeaders = Object.fromEntries(Object.entries(headers as OutgoingHttpHeaders).map(([k, v]) => [k.toLowerCase(), String(v)]));
      }
      return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, [status, ...rest]);
    } as typeof res.writeHead;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    } as typeof res.write;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      // A client that went away before the answer (its socket closed mid-request) receives nothing: nothing to check.
      const clientGone = res.destroyed || res.socket?.destroyed === true;
      collect(args[0], args[1]);
      const result = (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      if (clientGone) return result;
      const header = (name: string): string | undefined => {
        const value = res.getHeader(name) ?? headHeaders[name];
        return value === undefined ? undefined : String(value);
      };
      const started = process.hrtime.bigint();
      try {
        const violations = validatorFor(config).check(
          {
            method,
            url,
            status: headStatus ?? res.statusCode,
            contentType: header('content-type'),
            contentEncoding: header('content-encoding'),
            body: overflow ? undefined : Buffer.concat(chunks),
          },
          isWebPage,
        );
        record(violations, mode);
      } catch (err) {
        record([{ operation: `${method} ${url.split('?')[0]}`, status: res.statusCode, mediaType: '', instancePath: '', message: `the check itself failed: ${(err as Error).message}`, request: `${method} ${url}` }], mode);
      }
      checkCost.responses++;
      checkCost.nanoseconds += process.hrtime.bigint() - started;
      return result;
    } as typeof res.end;
    listener(req, res);
  };
}

function record(violations: readonly Violation[], mode: ValidationMode): void {
  if (violations.length === 0) return;
  if (mode === 'report') {
    for (const v of violations) {
      const key = reportKey(v);
      const entry = reported.get(key);
      if (entry) entry.count++;
      else reported.set(key, { violation: v, count: 1 });
    }
  } else {
    pending.push(...violations);
  }
}

/** Array indices are one place in the schema: `/results/3/id` and `/results/4/id` are one violation. */
function reportKey(v: Violation): string {
  return [v.operation, v.status, v.mediaType, v.instancePath.replace(/\/\d+(?=\/|$)/g, '/*'), v.message].join('\t');
}

/** The violations seen since the last call (enforcing mode). */
export function takeViolations(): Violation[] {
  return pending.splice(0, pending.length);
}

/** The error that fails a test: each distinct violation once, with one request that showed it. */
export function violationError(violations: readonly Violation[]): Error {
  const distinct = new Map<string, Violation>();
  for (const v of violations) if (!distinct.has(reportKey(v))) distinct.set(reportKey(v), v);
  const lines = [...distinct.values()].slice(0, 25).map((v) => `  ${v.operation} → ${v.status} ${v.mediaType} ${v.instancePath || '(response)'}: ${v.message}  [${v.request}]`);
  const more = distinct.size > 25 ? `\n  … and ${distinct.size - 25} more` : '';
  const err = new Error(
    `${distinct.size} response(s) depart from docs/openapi.yaml (OPENAPI_VALIDATION=report collects them into openapi-violations.txt):\n${lines.join('\n')}${more}`,
  );
  err.stack = err.message; // where the check ran says nothing: the request does
  return err;
}

/** Writes openapi-violations.txt (report mode): a header, then `count  operation  status  media type  instance path  message  e.g. request`. */
export function writeViolationReport(file = VIOLATIONS_FILE): number {
  const rows = [...reported.values()].sort(
    (a, b) => a.violation.operation.localeCompare(b.violation.operation) || a.violation.status - b.violation.status || reportKey(a.violation).localeCompare(reportKey(b.violation)),
  );
  const lines = rows.map(({ violation: v, count }) =>
    [count, v.operation, v.status, v.mediaType || '-', v.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '(response)', v.message, `e.g. ${v.request}`].join('\t'),
  );
  const seconds = Number(checkCost.nanoseconds / 1_000_000n) / 1000;
  const header = [
    `# ${rows.length} distinct departures from docs/openapi.yaml (${rows.reduce((n, r) => n + r.count, 0)} in all), in ${checkCost.responses} responses checked in ${seconds.toFixed(1)} s`,
    '# count\toperation\tstatus\tmedia type\tinstance path\tmessage\texample request',
  ].join('\n');
  fs.writeFileSync(file, [header, ...lines].join('\n') + '\n');
  return rows.length;
}

/** Root hooks for test/setup.ts. */
export const openApiHooks = {
  afterEach(this: Mocha.Context): void {
    const violations = takeViolations();
    if (violations.length === 0) return;
    // Fails the test that caused them without aborting the rest of the run, as a failing afterEach hook would.
    (this.test as unknown as { error(err: Error): void }).error(violationError(violations));
  },
  afterAll(): void {
    const mode = validationMode();
    if (mode === 'report') {
      writeViolationReport();
    } else if (mode === 'enforce') {
      const left = takeViolations(); // responses in `after` hooks
      if (left.length > 0) throw violationError(left);
    }
  },
};

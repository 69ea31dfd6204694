import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ReadinessReport } from '../../application/health/check-readiness.js';
import { messageBody } from './json-body.js';
import { securityResponseHeaders, type SecurityHeaderSettings } from './middleware/security-headers.js';

/** What `/readyz` asks (the `CheckReadiness` use case). */
export interface Readiness {
  execute(): Promise<ReadinessReport>;
}

/** Who may read `/metrics` on the public port (see `Config.metrics`). */
export interface MetricsAccess {
  /** A bearer token a request must present; undefined asks none. */
  readonly token: string | undefined;
  /** Served without a token: the operator asked for it (`METRICS_PUBLIC=true`). Ignored when a token is set. */
  readonly public: boolean;
}

/** What `/metrics` answers: the process's metrics (`PrometheusMetrics`), or a cluster primary's sum of its workers'. */
export interface MetricsText {
  readonly contentType: string;
  /** The metrics now; throws when they cannot be gathered (a worker that does not answer), answered 503. */
  text(): Promise<string>;
}

export interface OperationsLaneDependencies {
  readonly security: SecurityHeaderSettings;
  readonly readiness: Readiness;
  readonly metrics: MetricsText;
  readonly metricsAccess: MetricsAccess;
}

/** The operations the lane answers, as `METHOD /path` (docs/openapi.yaml's tag Operations; HEAD too). */
export const OPERATIONS_ENDPOINTS: readonly string[] = ['GET /healthz', 'GET /readyz', 'GET /metrics'];

const JSON_TYPE = 'application/json; charset=utf-8';
const HEALTHY = '{"status":"ok"}';
const UNAUTHORIZED = messageBody('The metrics need a bearer token.');
const UNGATHERED = messageBody('The metrics could not be gathered; try again shortly.');

/**
 * The operator's endpoints, answered before anything else: `GET /healthz` (the process answers), `GET /readyz` (its
 * dependencies do: 200, or 503 naming what is not ready), and `GET /metrics` (Prometheus text) where the operator
 * chose to serve it on the public port. None of them is logged per request, rate limited, counted in the request
 * metrics or held to the User-Agent rule: balancers and monitors ask every few seconds, with agents of their own.
 * Every other request (and any other method on these paths) goes to `fallback` untouched.
 */
export class OperationsLane {
  private readonly tokenDigest: Buffer | undefined;

  constructor(private readonly deps: OperationsLaneDependencies) {
    const token = deps.metricsAccess.token;
    this.tokenDigest = token === undefined ? undefined : digest(token);
  }

  /** The public port's listener: the probes, `/metrics` as configured, the rest to `fallback`. */
  listener(fallback: RequestListener): RequestListener {
    const servesMetrics = this.tokenDigest !== undefined || this.deps.metricsAccess.public;
    return (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return fallback(req, res);
      const path = pathOf(req);
      if (path === '/healthz') return this.send(req, res, 200, JSON_TYPE, HEALTHY);
      if (path === '/readyz') return void this.ready(req, res);
      if (path === '/metrics' && servesMetrics) return void this.metrics(req, res, true);
      return fallback(req, res);
    };
  }

  /**
   * The metrics port's listener (`METRICS_PORT`): `/metrics` to whoever reaches that port, and the probes `/healthz`
   * and `/readyz` (a process without a public port, `spindle worker`, is checked there); 404 for anything else.
   */
  metricsListener(): RequestListener {
    return (req, res) => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        const path = pathOf(req);
        if (path === '/metrics') return void this.metrics(req, res, false);
        if (path === '/healthz') return this.send(req, res, 200, JSON_TYPE, HEALTHY);
        if (path === '/readyz') return void this.ready(req, res);
      }
      this.send(req, res, 404, JSON_TYPE, messageBody('Only /metrics, /healthz and /readyz are served on this port.'));
    };
  }

  private async ready(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const report = await this.deps.readiness.execute();
    const body = JSON.stringify({
      status: report.ready ? 'ready' : 'not ready',
      not_ready: report.checks.filter((c) => !c.ready && c.required).map((c) => c.name),
      checks: report.checks.map((c) => (c.ready ? { name: c.name, ready: true, required: c.required } : { name: c.name, ready: false, required: c.required, reason: c.reason })),
    });
    this.send(req, res, report.ready ? 200 : 503, JSON_TYPE, body);
  }

  private async metrics(req: IncomingMessage, res: ServerResponse, tokenAsked: boolean): Promise<void> {
    if (tokenAsked && this.tokenDigest !== undefined && !this.bearsToken(req)) {
      this.send(req, res, 401, JSON_TYPE, UNAUTHORIZED, ['WWW-Authenticate', 'Bearer realm="metrics"']);
      return;
    }
    const { metrics } = this.deps;
    let text: string;
    try {
      text = await metrics.text();
    } catch {
      this.send(req, res, 503, JSON_TYPE, UNGATHERED, ['Retry-After', '5']);
      return;
    }
    this.send(req, res, 200, metrics.contentType, text);
  }

  /** Compares digests of equal length in constant time, so the answer's timing says nothing about the token. */
  private bearsToken(req: IncomingMessage): boolean {
    const match = /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    return match !== null && timingSafeEqual(digest(match[1]!), this.tokenDigest!);
  }

  private send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string, extra: readonly string[] = []): void {
    if (res.destroyed) return;
    const headers = ['Content-Type', type, 'Content-Length', String(Buffer.byteLength(body)), 'Cache-Control', 'no-store', ...extra];
    for (const [name, value] of securityResponseHeaders(this.deps.security, req)) headers.push(name, value);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

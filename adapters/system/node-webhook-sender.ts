import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { WebhookRequest, WebhookResponse, WebhookSender, WebhookUrlPolicy } from '../../application/ports/webhook-sender.js';
import { isPublicAddress } from './public-address.js';

/** How the sender behaves: the operator's address rule, its timeouts and the most of a response it reads. */
export interface WebhookSenderOptions {
  /** `WEBHOOK_ALLOW_PRIVATE`: connect to private and loopback addresses (and plain http) too — demos and tests only. */
  readonly allowPrivate: boolean;
  /** How long connecting (and the TLS handshake) may take. */
  readonly connectTimeoutMs: number;
  /** How long the whole exchange may take, from the start to the end of the (cut) response. */
  readonly totalTimeoutMs: number;
  /** The most of a response body read; the excerpt kept is at most this long too. */
  readonly maxResponseBytes: number;
  /** The `User-Agent` sent. */
  readonly userAgent: string;
}

/** The signature of a body at a timestamp: hex HMAC-SHA256 of `${timestamp}.${body}` under the secret (as UTF-8). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The headers every webhook request carries besides the body's type (see docs/http-reference.md, "Webhooks"). */
export const WEBHOOK_HEADERS = {
  id: 'Spindle-Event-Id',
  type: 'Spindle-Event-Type',
  timestamp: 'Spindle-Timestamp',
  signature: 'Spindle-Signature',
} as const;

/** Thrown by the lookup (and for address literals) when the receiver's address is not one the sender may reach. */
class RefusedAddress extends Error {}

/**
 * The URL rule and the sender on node:http(s). The address rule is applied where the socket connects: a `lookup`
 * given to the agent resolves the name and refuses it when any answer is not public, so the address connected to is
 * the address checked (a name re-pointed between a check and the connection — DNS rebinding — cannot slip through);
 * address literals, which skip the lookup, are checked before the request. Redirects are failures, not followed.
 */
export class NodeWebhookSender implements WebhookSender, WebhookUrlPolicy {
  private readonly lookup: LookupFunction;
  private readonly exempt = new Set<string>();

  constructor(
    private readonly options: WebhookSenderOptions,
    resolve: LookupFunction = dnsLookup as LookupFunction,
  ) {
    const allow = options.allowPrivate;
    this.lookup = (hostname, lookupOptions, callback) => {
      resolve(hostname, { ...lookupOptions, all: true }, (err, found) => {
        if (err) return callback(err, '', 0);
        const addresses = (Array.isArray(found) ? found : [{ address: String(found), family: 0 }]) as LookupAddress[];
        const bad = allow ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new RefusedAddress(`${hostname} resolves to ${bad.address}, which is not a public address`), '', 0);
        if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
        if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    };
  }

  /** Lets this one origin (`http://127.0.0.1:4567`) through the address rule: the demo's own loopback receiver. */
  allowOrigin(origin: string): void {
    this.exempt.add(origin);
  }

  refusal(url: string): string | null {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return 'url must be an absolute https URL.';
    }
    if (this.exempt.has(u.origin)) return null;
    if (u.protocol !== 'https:' && !(this.options.allowPrivate && u.protocol === 'http:')) return 'url must be an https URL.';
    if (u.username || u.password) return 'url must not hold a user name or password.';
    if (!this.options.allowPrivate) {
      const host = u.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && !isPublicAddress(host)) return 'url must not point at a private, loopback or other non-public address.';
      if (host === 'localhost' || host.endsWith('.localhost')) return 'url must not point at a private, loopback or other non-public address.';
    }
    return null;
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const done = (r: Omit<WebhookResponse, 'durationMs'>): WebhookResponse => ({ ...r, durationMs: Math.round(performance.now() - started) });
    const refusal = this.refusal(request.url);
    if (refusal !== null) return done({ ok: false, status: null, excerpt: '', error: `Not sent: ${refusal}` });
    const url = new URL(request.url);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.options.allowPrivate && !this.exempt.has(url.origin) && isIP(literal) !== 0 && !isPublicAddress(literal)) {
      return done({ ok: false, status: null, excerpt: '', error: `Not sent: ${literal} is not a public address.` });
    }
    try {
      const { status, location, excerpt } = await this.exchange(url, request);
      if (status >= 200 && status < 300) return done({ ok: true, status, excerpt, error: null });
      const error =
        status >= 300 && status < 400
          ? `The receiver answered ${status} (a redirect${location ? ` to ${location.slice(0, 200)}` : ''}), which is not followed.`
          : `The receiver answered ${status}.`;
      return done({ ok: false, status, excerpt, error });
    } catch (err) {
      return done({ ok: false, status: null, excerpt: '', error: describe(err) });
    }
  }

  private exchange(url: URL, request: WebhookRequest): Promise<{ status: number; location: string | undefined; excerpt: string }> {
    const { connectTimeoutMs, totalTimeoutMs, maxResponseBytes, userAgent } = this.options;
    const signature = webhookSignature(request.secret, request.timestamp, request.body);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = transport.request(url, {
        method: 'POST',
        agent: false,
        lookup: this.lookup,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(request.body),
          'User-Agent': userAgent,
          [WEBHOOK_HEADERS.id]: String(request.eventId),
          [WEBHOOK_HEADERS.type]: request.eventType,
          [WEBHOOK_HEADERS.timestamp]: String(request.timestamp),
          [WEBHOOK_HEADERS.signature]: `v1=${signature}`,
        },
      });
      const fail = (err: Error) => {
        clearTimeout(connectTimer);
        clearTimeout(totalTimer);
        req.destroy();
        reject(err);
      };
      const connectTimer = setTimeout(() => fail(new Timeout(`Could not connect within ${connectTimeoutMs} ms.`)), connectTimeoutMs);
      const totalTimer = setTimeout(() => fail(new Timeout(`No complete answer within ${totalTimeoutMs} ms.`)), totalTimeoutMs);
      req.on('socket', (socket) => {
        const connected = () => clearTimeout(connectTimer);
        if (!socket.connecting) connected();
        else socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
      });
      req.on('error', fail);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          clearTimeout(connectTimer);
          clearTimeout(totalTimer);
          const location = res.headers.location;
          resolve({ status: res.statusCode ?? 0, location, excerpt: Buffer.concat(chunks).subarray(0, maxResponseBytes).toString('utf8').replace(/\uFFFD+$/, '') });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxResponseBytes) finish(); // the rest is not read
        });
        res.on('end', finish);
        res.on('error', fail);
      });
      req.end(request.body);
    });
  }
}

class Timeout extends Error {}

function describe(err: unknown): string {
  if (err instanceof Timeout || err instanceof RefusedAddress) return `Not delivered: ${err.message}`;
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ECONNREFUSED') return 'Not delivered: the connection was refused.';
  if (e.code === 'ENOTFOUND') return 'Not delivered: the host name was not found.';
  if (e.code === 'ECONNRESET') return 'Not delivered: the connection was reset.';
  if (e.cause instanceof RefusedAddress) return `Not delivered: ${e.cause.message}`;
  return `Not delivered: ${e.code ?? ''} ${e.message ?? String(err)}`.replace(/\s+/g, ' ').trim().slice(0, 300);
}

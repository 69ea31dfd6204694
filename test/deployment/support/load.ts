/*
 * A mixed load through the balancer (catalogue reads, searches, checkouts, inventory uploads), with every answer
 * recorded and sorted: answered (2xx, 4xx), cleanly refused (502/503/504 or 429 with a body) or failed (a 500, an
 * answer without a body, a connection error). The figures are printed as a table.
 */
import { randomBytes } from 'node:crypto';
import { AGENT } from './deployment.js';

export type Kind = 'read' | 'search' | 'checkout' | 'upload';

/** One request's outcome: when it started (ms since the load began), how long it took, and its status or error. */
export interface Outcome {
  readonly kind: Kind;
  readonly method: string;
  readonly at: number;
  readonly ms: number;
  readonly status: number;
  /** For status 0: the connection error's code (ECONNRESET, UND_ERR_SOCKET, …). */
  readonly error?: string;
  readonly body: string;
  readonly servedBy: string;
}

export interface LoadParties {
  readonly url: string;
  readonly brand: string;
  readonly releaseIds: readonly number[];
  readonly listingIds: readonly number[];
  readonly buyerTokens: readonly string[];
  readonly sellerToken: string;
}

/** How an outcome counts. */
export function verdict(o: Outcome): 'answered' | 'refused' | 'failed' {
  if (o.status === 0 || o.status === 500 || (o.body.trim() === '' && o.status !== 204 && o.status !== 304)) return 'failed';
  if ([429, 502, 503, 504].includes(o.status)) return 'refused';
  return o.status < 500 ? 'answered' : 'failed';
}

const SEARCH_WORDS = ['love', 'the', 'rock', 'jazz', 'house', 'live', 'blue', 'night'];

/** Runs the load until `stop()` says so, `concurrency` requests at a time; `onRequest` sees every outcome. */
export class Load {
  readonly outcomes: Outcome[] = [];
  /** The upload ids answered 200, with the external id of the one row each added. */
  readonly uploads: { id: number; externalId: string }[] = [];
  private readonly started = Date.now();
  /** What this load's upload rows carry in their external ids, apart from another load's. */
  private readonly tag = randomBytes(3).toString('hex');
  private stopped = false;
  private counter = 0;
  private done: Promise<void> | undefined;

  constructor(
    private readonly p: LoadParties,
    private readonly mix: readonly Kind[] = ['read', 'read', 'read', 'search', 'search', 'checkout', 'checkout', 'upload'],
  ) {}

  now(): number {
    return Date.now() - this.started;
  }

  start(concurrency: number): void {
    this.done = Promise.all(Array.from({ length: concurrency }, (_, i) => this.loop(i))).then(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }

  private async loop(worker: number): Promise<void> {
    while (!this.stopped) {
      const n = this.counter++;
      const kind = this.mix[n % this.mix.length]!;
      if (kind === 'read') await this.request(kind, `/releases/${this.pick(this.p.releaseIds)}`, this.p.buyerTokens[worker % this.p.buyerTokens.length]!);
      else if (kind === 'search') await this.request(kind, `/database/search?q=${this.pick(SEARCH_WORDS)}&per_page=10`, this.p.buyerTokens[worker % this.p.buyerTokens.length]!);
      else if (kind === 'checkout') await this.checkout(this.p.buyerTokens[n % this.p.buyerTokens.length]!);
      else await this.upload(n);
    }
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(Math.random() * xs.length)]!;
  }

  /** One request; its outcome recorded (under `kind`) and returned. */
  async request(kind: Kind, path: string, token: string | undefined, init: RequestInit = {}): Promise<Outcome> {
    const at = this.now();
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { 'User-Agent': AGENT, ...(init.headers as Record<string, string>) };
    if (token) headers.Authorization = `${this.p.brand} token=${token}`;
    let outcome: Outcome;
    try {
      const res = await fetch(`${this.p.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      outcome = { kind, method, at, ms: this.now() - at, status: res.status, body, servedBy: res.headers.get('X-Served-By') ?? '' };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause;
      outcome = { kind, method, at, ms: this.now() - at, status: 0, error: cause?.code ?? (err as Error).name, body: '', servedBy: '' };
    }
    this.outcomes.push(outcome);
    return outcome;
  }

  /** A buyer puts one of the listings in the cart and checks out; a refused checkout takes it out again. */
  private async checkout(token: string): Promise<void> {
    const listing = this.pick(this.p.listingIds);
    const added = await this.request('checkout', `/marketplace/cart/${listing}`, token, { method: 'POST' });
    if (added.status !== 200 && added.status !== 201) return;
    const body = JSON.stringify({ shipping_address: 'Somewhere 1, Sometown' });
    const done = await this.request('checkout', '/marketplace/checkout', token, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    if (done.status !== 201) await this.request('checkout', `/marketplace/cart/${listing}`, token, { method: 'DELETE' });
  }

  /** The seller uploads a one-row `add` file whose row carries an external id of its own. */
  private async upload(n: number): Promise<void> {
    const externalId = `load-${this.tag}-${n}`;
    const form = new FormData();
    const csv = `release_id,price,media_condition,external_id\n${this.pick(this.p.releaseIds)},9.50,Mint (M),${externalId}\n`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'load.csv');
    const o = await this.request('upload', '/inventory/upload/add', this.p.sellerToken, { method: 'POST', body: form });
    if (o.status === 200) this.uploads.push({ id: (JSON.parse(o.body) as { id: number }).id, externalId });
  }
}

/** The p-th percentile (0–100) of the numbers, nearest rank. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The figures of some outcomes: how many, by verdict and status or error, p50 and p99 of the answered ones. */
export function figures(label: string, outcomes: readonly Outcome[]): string {
  const byStatus = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.status === 0 ? (o.error ?? 'error') : String(o.status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const count = (v: string) => outcomes.filter((o) => verdict(o) === v).length;
  const ms = outcomes.filter((o) => verdict(o) === 'answered').map((o) => o.ms);
  const statuses = [...byStatus].sort().map(([k, v]) => `${k}:${v}`).join(' ');
  return `${label.padEnd(22)} ${String(outcomes.length).padStart(6)} requests, answered ${count('answered')}, refused ${count('refused')}, failed ${count('failed')}; p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms; by status ${statuses}`;
}

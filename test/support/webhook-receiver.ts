import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a test receiver got: when, on which path, its headers and body, and how many were in flight on its path. */
export interface Received {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** Requests on the same path in flight when this one arrived, itself included. */
  readonly inFlight: number;
}

/** How the receiver answers one request: a status (and body), after a delay, or never (held until released). */
export type Answer = { readonly status: number; readonly body?: string; readonly delayMs?: number; readonly headers?: Record<string, string> } | 'hold';

/**
 * A webhook receiver on loopback for the tests: records every request, and answers each with the next planned answer
 * of its path (`plan`), or 200 when none is planned. A held request is answered when `release` is called (or never).
 */
export class TestReceiver {
  readonly received: Received[] = [];
  private readonly plans = new Map<string, Answer[]>();
  private readonly inFlight = new Map<string, number>();
  private readonly held: Array<() => void> = [];
  private readonly holdWaiters: Array<() => void> = [];
  private server!: http.Server;
  url = '';

  static async start(): Promise<TestReceiver> {
    const r = new TestReceiver();
    r.server = http.createServer((req, res) => r.handle(req, res));
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}`;
    return r;
  }

  /** Answers the next requests on `path` so, in order (then 200). */
  plan(path: string, ...answers: Answer[]): void {
    this.plans.set(path, [...(this.plans.get(path) ?? []), ...answers]);
  }

  /** Drops the answers still planned for `path` (it answers 200 again). */
  clear(path: string): void {
    this.plans.delete(path);
  }

  /** The requests on `path`, in the order they arrived. */
  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves when a request is being held. */
  holding(): Promise<void> {
    return this.held.length > 0 ? Promise.resolve() : new Promise((resolve) => this.holdWaiters.push(resolve));
  }

  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '/';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = (this.inFlight.get(path) ?? 0) + 1;
      this.inFlight.set(path, n);
      this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), inFlight: n });
      const answer = this.plans.get(path)?.shift() ?? { status: 200, body: 'ok' };
      const done = () => this.inFlight.set(path, (this.inFlight.get(path) ?? 1) - 1);
      res.on('close', done);
      if (answer === 'hold') {
        this.held.push(() => res.writeHead(200).end('ok'));
        for (const w of this.holdWaiters.splice(0)) w();
        return;
      }
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  }
}

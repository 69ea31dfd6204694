import type { Worker } from 'node:cluster';
import type { RateLimitState, RateLimitStore } from '../../application/ports/rate-limit-store.js';
import { assertRateLimitArguments } from '../../application/ports/rate-limit-store.js';

interface HitRequest {
  readonly spindleRateLimit: 'hit';
  readonly id: number;
  readonly key: string;
  readonly limit: number;
  readonly windowMs: number;
}

interface HitReply {
  readonly spindleRateLimit: 'state';
  readonly id: number;
  readonly state?: RateLimitState;
  readonly error?: string;
}

const isHitReply = (m: unknown): m is HitReply => (m as HitReply | null)?.spindleRateLimit === 'state';
const isHitRequest = (m: unknown): m is HitRequest => (m as HitRequest | null)?.spindleRateLimit === 'hit';

/** How a worker talks to its primary: `process.send` and the `message` event (injectable for tests). */
export interface ParentChannel {
  send(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): void;
  off(event: 'message', listener: (message: unknown) => void): void;
}

/**
 * The rate-limit store of a cluster worker without Redis: every hit is asked of the primary process, which keeps
 * the one in-memory window of the instance (`serveRateLimits`), so the limit is per instance as on one process,
 * not per worker. A hit the primary does not answer within `timeoutMs` fails (the rate-limit middleware then fails
 * open or closed as configured).
 */
export class ClusterRateLimitStore implements RateLimitStore {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (s: RateLimitState) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private readonly listener = (message: unknown) => {
    if (!isHitReply(message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.state) waiting.resolve(message.state);
    else waiting.reject(new Error(`The primary process could not count the request: ${message.error ?? 'unknown error'}`));
  };

  constructor(
    private readonly channel: ParentChannel,
    private readonly timeoutMs = 1_000,
  ) {
    channel.on('message', this.listener);
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    assertRateLimitArguments(limit, windowMs);
    const id = this.nextId++;
    return new Promise<RateLimitState>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The primary process did not answer a rate-limit hit within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      const request: HitRequest = { spindleRateLimit: 'hit', id, key, limit, windowMs };
      this.channel.send(request);
    });
  }

  async close(): Promise<void> {
    this.channel.off('message', this.listener);
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error('The rate-limit store was closed'));
      this.pending.delete(id);
    }
  }
}

/** The primary's side: answers a worker's hits from `store` (the instance's one window). */
export function serveRateLimits(worker: Pick<Worker, 'on' | 'send' | 'isConnected'>, store: RateLimitStore): void {
  worker.on('message', (message: unknown) => {
    if (!isHitRequest(message)) return;
    store.hit(message.key, message.limit, message.windowMs).then(
      (state) => reply({ spindleRateLimit: 'state', id: message.id, state }),
      (err: unknown) => reply({ spindleRateLimit: 'state', id: message.id, error: (err as Error).message }),
    );
  });
  const reply = (m: HitReply) => {
    if (worker.isConnected()) worker.send(m);
  };
}

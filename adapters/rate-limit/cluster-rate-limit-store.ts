import type { Worker } from 'node:cluster';
import type { RateLimitState, RateLimitStore } from '../../application/ports/rate-limit-store.js';
import { assertRateLimitArguments } from '../../application/ports/rate-limit-store.js';

/** What a worker asks of the window: count a request, report without counting, or forget the key. */
type Operation = 'hit' | 'peek' | 'reset';

/**
 * The calls a worker gathered in one turn of its event loop, in the order they came: `[key, limit, windowMs, op]`
 * (`op` absent: a hit).
 */
interface HitRequest {
  readonly spindleRateLimit: 'hits';
  readonly id: number;
  readonly hits: ReadonlyArray<readonly [string, number, number, Operation?]>;
}

/** The answer to each hit of a request, in the same order: its window, or why it could not be counted. */
interface HitReply {
  readonly spindleRateLimit: 'states';
  readonly id: number;
  readonly states: ReadonlyArray<{ readonly state?: RateLimitState; readonly error?: string }>;
}

const isHitReply = (m: unknown): m is HitReply => (m as HitReply | null)?.spindleRateLimit === 'states';
const isHitRequest = (m: unknown): m is HitRequest => (m as HitRequest | null)?.spindleRateLimit === 'hits';

/** How a worker talks to its primary: `process.send` and the `message` event (injectable for tests). */
export interface ParentChannel {
  send(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): void;
  off(event: 'message', listener: (message: unknown) => void): void;
}

interface Waiting {
  readonly key: string;
  readonly limit: number;
  readonly windowMs: number;
  readonly op: Operation;
  resolve(state: RateLimitState): void;
  reject(error: Error): void;
}

/**
 * The rate-limit store of a cluster worker without Redis: every hit is asked of the primary process, which keeps
 * the one in-memory window of the instance (`serveRateLimits`), so the limit is per instance as on one process,
 * not per worker. The hits of one turn of the event loop go in one message and come back in one (a busy worker
 * gathers several requests a turn: one round trip and one timer for all of them instead of each), counted in the
 * order they came. A hit the primary does not answer within `timeoutMs` fails (the rate-limit middleware then fails
 * open or closed as configured).
 */
export class ClusterRateLimitStore implements RateLimitStore {
  private nextId = 1;
  private gathering: Waiting[] = [];
  private readonly pending = new Map<number, { hits: Waiting[]; timer: NodeJS.Timeout }>();
  private readonly listener = (message: unknown) => {
    if (!isHitReply(message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    waiting.hits.forEach((hit, i) => {
      const answer = message.states[i];
      if (answer?.state) hit.resolve(answer.state);
      else hit.reject(new Error(`The primary process could not count the request: ${answer?.error ?? 'unknown error'}`));
    });
  };
  private readonly send = () => {
    const hits = this.gathering;
    this.gathering = [];
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.pending.delete(id);
      for (const hit of hits) hit.reject(new Error(`The primary process did not answer a rate-limit hit within ${this.timeoutMs} ms`));
    }, this.timeoutMs);
    this.pending.set(id, { hits, timer });
    const request: HitRequest = { spindleRateLimit: 'hits', id, hits: hits.map((h) => [h.key, h.limit, h.windowMs, h.op] as const) };
    this.channel.send(request);
  };

  constructor(
    private readonly channel: ParentChannel,
    private readonly timeoutMs = 1_000,
  ) {
    channel.on('message', this.listener);
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    return this.ask('hit', key, limit, windowMs);
  }

  peek(key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    return this.ask('peek', key, limit, windowMs);
  }

  async reset(key: string): Promise<void> {
    await this.ask('reset', key, 1, 1);
  }

  private ask(op: Operation, key: string, limit: number, windowMs: number): Promise<RateLimitState> {
    assertRateLimitArguments(limit, windowMs);
    return new Promise<RateLimitState>((resolve, reject) => {
      // Sent once the current turn's callbacks (the other requests read from the network in it) have run.
      if (this.gathering.push({ key, limit, windowMs, op, resolve, reject }) === 1) setImmediate(this.send);
    });
  }

  async close(): Promise<void> {
    this.channel.off('message', this.listener);
    const error = new Error('The rate-limit store was closed');
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      for (const hit of waiting.hits) hit.reject(error);
      this.pending.delete(id);
    }
    for (const hit of this.gathering.splice(0)) hit.reject(error);
  }
}

/**
 * The primary's side: answers its workers' hits from the instance's store, each batch's hits one after the other in
 * the order the worker sent them. A worker that has gone is not answered.
 */
export function serveRateLimits(worker: Pick<Worker, 'on' | 'send' | 'isConnected'>, store: RateLimitStore): void {
  worker.on('message', (message: unknown) => {
    if (!isHitRequest(message)) return;
    void (async () => {
      const states: Array<HitReply['states'][number]> = [];
      for (const [key, limit, windowMs, op = 'hit'] of message.hits) {
        try {
          if (op === 'reset') await store.reset(key);
          // A reset reports the emptied window's state, which the worker drops.
          states.push({ state: op === 'peek' || op === 'reset' ? await store.peek(key, limit, windowMs) : await store.hit(key, limit, windowMs) });
        } catch (err) {
          states.push({ error: (err as Error).message });
        }
      }
      if (worker.isConnected()) worker.send({ spindleRateLimit: 'states', id: message.id, states } satisfies HitReply);
    })();
  });
}

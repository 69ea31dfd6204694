import { execFileSync } from 'node:child_process';
import type { Container } from 'inversify';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import type { Clock } from '../../application/ports/clock.js';
import { RecordingLogger } from './recording-logger.js';
import { WebhookDispatcher } from '../../application/webhooks/webhook-dispatcher.js';
import { newEvent, type EventType, type RecordedEvent } from '../../domain/events/event.js';
import type { RetryPolicy } from '../../domain/webhooks/webhook.js';
import { EVENTS } from '../../composition/events/events-tokens.js';
import { PERSISTENCE } from '../../composition/persistence/persistence-tokens.js';
import { webhookBody } from '../../composition/webhooks/webhook-body.js';
import { WEBHOOK_RUN } from '../../composition/webhooks/webhooks-module.js';
import { WEBHOOKS } from '../../composition/webhooks/webhooks-tokens.js';
import type { WebhookSender } from '../../application/ports/webhook-sender.js';

/** The environment webhook suites run their container with: loopback receivers allowed, short timeouts. */
export const WEBHOOK_TEST_ENV = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_TIMEOUT_MS: '500',
  WEBHOOK_CONNECT_TIMEOUT_MS: '500',
  RATE_LIMIT_AUTHENTICATED: '100000',
  RATE_LIMIT_ANONYMOUS: '100000',
} as const;

/** Appends events for a user through the outbox, in one unit of work (as a use case's change would). */
export async function appendEvents(container: Container, userId: number, ...types: EventType[]): Promise<readonly RecordedEvent[]> {
  const outbox = container.get(EVENTS.Outbox);
  return container.get(PERSISTENCE.UnitOfWork).run(() =>
    outbox.append(types.map((type, n) => newEvent(type, userId, new Date(), { id: `${userId}-${n + 1}`, body: { id: `${userId}-${n + 1}`, note: `event ${type}` } }))),
  );
}

/**
 * A dispatcher on the container's store, outbox, sender and unit of work (the real ones), with a clock the test moves
 * and a fixed jitter, so that a test runs attempt after attempt by hand (`runOnce`).
 */
export function testDispatcher<C extends Clock = FixedClock>(
  container: Container,
  options: {
    readonly workerId?: string;
    readonly clock?: C;
    readonly retry?: RetryPolicy;
    readonly leaseMs?: number;
    readonly runEvents?: number;
    readonly runMs?: number;
    /** The sender the dispatcher sends with (the container's when not given). */
    readonly sender?: WebhookSender;
  } = {},
): { dispatcher: WebhookDispatcher; clock: C; logger: RecordingLogger } {
  const clock = options.clock ?? (new FixedClock(new Date(Date.now() + 1000)) as unknown as C);
  const logger = new RecordingLogger();
  const dispatcher = new WebhookDispatcher(
    container.get(WEBHOOKS.Store),
    container.get(EVENTS.Outbox),
    options.sender ?? container.get(WEBHOOKS.Sender),
    webhookBody,
    container.get(PERSISTENCE.UnitOfWork),
    clock,
    () => 0.5,
    logger,
    {
      workerId: options.workerId ?? 'test-worker',
      leaseMs: options.leaseMs ?? 30_000,
      pollMs: 5,
      concurrency: 1,
      runEvents: options.runEvents ?? WEBHOOK_RUN.runEvents,
      runMs: options.runMs ?? WEBHOOK_RUN.runMs,
      retry: options.retry ?? { baseMs: 1000, maxMs: 8000, windowMs: 60_000 },
      logRetentionMs: 86_400_000,
      maintenanceMs: 3_600_000,
    },
  );
  return { dispatcher, clock, logger };
}

/** Runs claims until there is no work (at most `max` attempts, give or take a run); how many attempts ran. */
export async function drain(dispatcher: WebhookDispatcher, max = 100): Promise<number> {
  let n = 0;
  while (n < max) {
    const run = await dispatcher.runOnce();
    if (run.length === 0) break;
    n += run.length;
  }
  return n;
}

/**
 * The signature a receiver computes, by another implementation than the sender's: Python's hmac module in a child
 * process, given the secret, the timestamp header and the raw body exactly as received.
 */
export function pythonSignature(secret: string, timestamp: string, body: string): string {
  const program = [
    'import hmac, hashlib, sys, os',
    'body = sys.stdin.buffer.read()',
    'mac = hmac.new(os.environ["SECRET"].encode(), os.environ["TS"].encode() + b"." + body, hashlib.sha256)',
    'print(mac.hexdigest())',
  ].join('\n');
  return execFileSync('python3', ['-c', program], { input: Buffer.from(body, 'utf8'), env: { ...process.env, SECRET: secret, TS: timestamp } }).toString().trim();
}

import type { RecordedEvent } from '../../domain/events/event.js';
import { afterFailure, failingReason, type RetryPolicy, type Webhook } from '../../domain/webhooks/webhook.js';
import { Unavailable } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { Logger } from '../ports/logger.js';
import { NO_OUTAGES, type OutageDetector } from '../ports/outage-detector.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '../ports/webhook-sender.js';
import type { ClaimedWebhook, DeliveryAttempt, WebhookProgress, WebhookStore } from '../ports/webhook-store.js';
import { endsWithin } from '../shared/ends-within.js';

/** How a dispatcher works. */
export interface WebhookDispatcherOptions {
  /** Its name in the subscriptions' leases (unique across processes). */
  readonly workerId: string;
  /** How long a claim holds a subscription: longer than the sender's total timeout, so a live worker never loses it. */
  readonly leaseMs: number;
  /** How long an idle slot waits before looking again. */
  readonly pollMs: number;
  /** How many subscriptions this process delivers to at once (each one's events still one at a time). */
  readonly concurrency: number;
  readonly retry: RetryPolicy;
  /** How long the delivery log is kept. */
  readonly logRetentionMs: number;
  /** How often old log rows are removed. */
  readonly maintenanceMs: number;
}

/** The JSON body a receiver gets for an event (the same shape `GET /events` lists). */
export type WebhookBody = (event: RecordedEvent) => object;

/**
 * Delivers events to webhook subscriptions, in the job worker processes (every server with `JOB_WORKER`, and
 * `spindle worker`). Each slot claims a subscription that has work (`WebhookStore.claim`: a lease, so one subscription
 * is delivered by one worker at a time), sends it ONE event — an owner's redelivery request first, else the next
 * event of its types after its cursor — and records the attempt and the subscription's progress together: on success
 * the cursor moves past the event; on failure it stays, and the subscription waits a jittered, doubling time
 * (`afterFailure`) until, a day after the first failure, it is marked failing with the reason. The progress is written
 * only if the owner did not change the subscription during the attempt (its version): an enable made meanwhile stands,
 * and an event delivered meanwhile is sent again from the cursor the owner's change left (at least once). Events therefore reach
 * a receiver in order, each after the one before it succeeded; a worker killed mid-delivery leaves its lease to run
 * out, and the event is sent again by the next (at least once: receivers dedupe by event id).
 */
export class WebhookDispatcher {
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private lastMaintenance = -Infinity;

  constructor(
    private readonly store: WebhookStore,
    private readonly outbox: EventOutbox,
    private readonly sender: WebhookSender,
    private readonly body: WebhookBody,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly random: () => number,
    private readonly logger: Logger,
    private readonly options: WebhookDispatcherOptions,
    private readonly outages: OutageDetector = NO_OUTAGES,
  ) {}

  /** Claims one subscription with work and makes one attempt; the attempt as logged, or null when there was no work. */
  async runOnce(): Promise<DeliveryAttempt | null> {
    const now = this.clock.now();
    const claim = await this.uow.run(() => this.store.claim(this.options.workerId, now, new Date(now.getTime() + this.options.leaseMs)));
    if (!claim) return null;
    const event = await this.nextEvent(claim);
    if (event === undefined) {
      await this.uow.run(() => this.store.release(claim.webhook.id, this.options.workerId));
      return null;
    }
    const started = this.clock.now();
    const response = event === null ? gone() : await this.sender.send(this.request(claim.webhook, event, started));
    const attempt: DeliveryAttempt = {
      webhookId: claim.webhook.id,
      eventId: event?.id ?? claim.redelivery!.eventId,
      eventType: event?.type ?? '',
      attempt: claim.redelivery ? 1 : claim.webhook.failures + 1,
      redeliveryId: claim.redelivery?.id ?? null,
      started,
      durationMs: response.durationMs,
      outcome: response.ok ? 'succeeded' : 'failed',
      responseStatus: response.status,
      responseExcerpt: response.excerpt,
      error: response.error,
    };
    const progress = claim.redelivery ? unchanged(claim.webhook) : this.progress(claim.webhook, event!, response);
    const recorded = await this.uow.run(() => this.store.record(this.options.workerId, claim.version, attempt, progress));
    const log = this.logger.child({ webhook: claim.webhook.id, event: attempt.eventId });
    if (recorded === 'lost') log.warn({}, 'webhook lease lost before the attempt was recorded; the event is sent again');
    else if (recorded === 'overtaken') log.info({ outcome: attempt.outcome }, 'webhook changed by its owner during the attempt; its state is the owner’s');
    else if (progress.status === 'failing' && claim.webhook.status === 'active') log.warn({ reason: progress.failingReason }, 'webhook marked failing');
    else log.debug({ outcome: attempt.outcome, status: attempt.responseStatus, ms: attempt.durationMs }, 'webhook delivery');
    return attempt;
  }

  /** The redelivered event (null when no longer kept), the backlog's next event, or undefined when there is none. */
  private async nextEvent(claim: ClaimedWebhook): Promise<RecordedEvent | null | undefined> {
    const w = claim.webhook;
    if (claim.redelivery) {
      const [event] = await this.outbox.read({ userId: w.userId, after: claim.redelivery.eventId - 1, limit: 1 });
      return event?.id === claim.redelivery.eventId ? event : null;
    }
    const [event] = await this.outbox.read({ userId: w.userId, after: w.cursor, limit: 1, types: w.eventTypes as RecordedEvent['type'][] });
    return event;
  }

  private request(webhook: Webhook, event: RecordedEvent, started: Date): WebhookRequest {
    return {
      url: webhook.url,
      secret: webhook.secret,
      eventId: event.id,
      eventType: event.type,
      timestamp: Math.floor(started.getTime() / 1000),
      body: JSON.stringify(this.body(event)),
    };
  }

  private progress(webhook: Webhook, event: RecordedEvent, response: WebhookResponse): WebhookProgress {
    const now = this.clock.now();
    if (response.ok) return { cursor: event.id, failures: 0, firstFailure: null, nextAttempt: now, status: 'active', failingReason: null };
    const next = afterFailure(webhook, this.options.retry, now, this.random());
    return {
      cursor: webhook.cursor,
      failures: next.failures,
      firstFailure: next.firstFailure,
      nextAttempt: next.nextAttempt,
      status: next.givenUp ? 'failing' : 'active',
      failingReason: next.givenUp ? failingReason(response.error ?? 'failed', next.failures) : null,
    };
  }

  /** Removes log rows past their retention when due. */
  async maintain(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastMaintenance < this.options.maintenanceMs) return;
    this.lastMaintenance = now.getTime();
    const removed = await this.uow.run(() => this.store.pruneDeliveries(new Date(now.getTime() - this.options.logRetentionMs)));
    if (removed > 0) this.logger.info({ removed }, 'old webhook delivery log rows removed');
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts `concurrency` slots working in the background. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.logger.info({ worker: this.options.workerId, concurrency: this.options.concurrency }, 'webhook dispatcher started');
    this.loops = Array.from({ length: this.options.concurrency }, (_, slot) => this.loop(slot));
  }

  /**
   * Stops claiming and waits up to `graceMs` for the attempts in flight. One still running then keeps its lease until
   * it runs out (giving it back early could let another worker send the same subscription's event alongside it).
   */
  async stop(graceMs?: number): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const wake of this.wakers) wake();
    const ended = Promise.all(this.loops);
    if (graceMs === undefined) await ended;
    else if (!(await endsWithin(ended, graceMs))) this.logger.warn({ graceMs }, 'a webhook delivery was still in flight at shutdown; its lease runs out and it is sent again');
    this.logger.info({ worker: this.options.workerId }, 'webhook dispatcher stopped');
  }

  private async loop(slot: number): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        if (slot === 0) await this.maintain();
        worked = (await this.runOnce()) !== null;
      } catch (err) {
        await this.outages.examine(err);
        if (!(err instanceof Unavailable) && !this.outages.isOutage(err)) this.logger.error({ err }, 'webhook dispatcher could not deliver');
      }
      if (!worked && this.running) await this.pause();
    }
  }

  private pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.options.pollMs);
      this.wakers.add(wake);
    });
  }
}

/** A redelivery's subscription state: as it was (a redelivery moves no cursor and counts no failure). */
function unchanged(w: Webhook): WebhookProgress {
  return { cursor: w.cursor, failures: w.failures, firstFailure: w.firstFailure, nextAttempt: w.nextAttempt, status: w.status, failingReason: w.failingReason };
}

/** A redelivery of an event the outbox no longer keeps. */
function gone(): WebhookResponse {
  return { ok: false, status: null, durationMs: 0, excerpt: '', error: 'The event is no longer kept, so it was not sent again.' };
}

import type { RecordedEvent } from '../../domain/events/event.js';
import { afterFailure, failingReason, type RetryPolicy, type Webhook } from '../../domain/webhooks/webhook.js';
import { Unavailable } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { Logger } from '../ports/logger.js';
import { NO_OUTAGES, type OutageDetector } from '../ports/outage-detector.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '../ports/webhook-sender.js';
import type { ClaimedWebhook, DeliveryAttempt, RecordOutcome, WebhookProgress, WebhookStore } from '../ports/webhook-store.js';
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
  /** At most how many events of its subscription a claim delivers in a row (one outbox read fetches them). */
  readonly runEvents: number;
  /** After how long a claim starts no further event of its run, so that a busy subscription gives its slot up. */
  readonly runMs: number;
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
 * is delivered by one worker at a time) and sends it a run of events, one at a time: an owner's redelivery request
 * alone (it goes first), else the next events of its types after its cursor (up to `runEvents`, read at once). Each
 * attempt is recorded with the subscription's progress at once: on success the cursor moves past the event; on
 * failure it stays, and the subscription waits a jittered, doubling time (`afterFailure`) until, a day after the first
 * failure, it is marked failing with the reason. The progress is written only if the owner did not change the
 * subscription since the claim (its version): an enable made meanwhile stands, and an event delivered meanwhile is
 * sent again from the cursor the owner's change left (at least once). The next event of a run is sent only after the
 * one before succeeded and its record kept the lease (`kept`: the version unchanged and no redelivery request
 * waiting), with most of a lease left, within `runMs` of the claim, and while the dispatcher is not stopping;
 * otherwise the run ends and the subscription goes back to the claims (behind the others: its next attempt is now).
 * Events therefore reach a receiver in order, each after the one before it succeeded; a worker killed mid-delivery
 * leaves its lease to run out, and the event is sent again by the next (at least once: receivers dedupe by event id).
 */
export class WebhookDispatcher {
  private running = false;
  private stopping = false;
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

  /**
   * Claims one subscription with work and delivers a run of its events (see the class); the attempts as logged, in
   * order, or none when there was no work.
   */
  async runOnce(): Promise<readonly DeliveryAttempt[]> {
    const claimed = this.clock.now();
    const claim = await this.uow.run(() => this.store.claim(this.options.workerId, claimed, this.leaseFrom(claimed)));
    if (!claim) return [];
    const events = await this.nextEvents(claim);
    if (events.length === 0) {
      await this.uow.run(() => this.store.release(claim.webhook.id, this.options.workerId));
      return [];
    }
    const attempts: DeliveryAttempt[] = [];
    let webhook = claim.webhook;
    for (const [n, event] of events.entries()) {
      const attempt = await this.attempt(claim, webhook, event);
      attempts.push(attempt.logged);
      const more = n + 1 < events.length && attempt.logged.outcome === 'succeeded' && this.mayGoOn(claimed);
      const keepUntil = more ? this.leaseFrom(this.clock.now()) : undefined;
      const recorded = await this.uow.run(() => this.store.record(this.options.workerId, claim.version, attempt.logged, attempt.progress, keepUntil));
      this.log(webhook, attempt.logged, attempt.progress, recorded);
      if (recorded !== 'kept') break;
      webhook = { ...webhook, ...attempt.progress };
      // The dispatcher began to stop during the record, or the record took a third of the lease (the next send must
      // end well within it): the run ends here.
      if (this.stopping || this.clock.now().getTime() > keepUntil!.getTime() - (this.options.leaseMs * 2) / 3) {
        await this.uow.run(() => this.store.release(webhook.id, this.options.workerId));
        break;
      }
    }
    return attempts;
  }

  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.options.leaseMs);
  }

  /** Whether a run claimed at `claimed` may start another event: not stopping, and within its time. */
  private mayGoOn(claimed: Date): boolean {
    return !this.stopping && this.clock.now().getTime() - claimed.getTime() < this.options.runMs;
  }

  /** Sends one event (null: a redelivery of an event no longer kept) and computes what to record of it. */
  private async attempt(claim: ClaimedWebhook, webhook: Webhook, event: RecordedEvent | null): Promise<{ logged: DeliveryAttempt; progress: WebhookProgress }> {
    const started = this.clock.now();
    const response = event === null ? gone() : await this.sender.send(this.request(webhook, event, started));
    const logged: DeliveryAttempt = {
      webhookId: webhook.id,
      eventId: event?.id ?? claim.redelivery!.eventId,
      eventType: event?.type ?? '',
      attempt: claim.redelivery ? 1 : webhook.failures + 1,
      redeliveryId: claim.redelivery?.id ?? null,
      started,
      durationMs: response.durationMs,
      outcome: response.ok ? 'succeeded' : 'failed',
      responseStatus: response.status,
      responseExcerpt: response.excerpt,
      error: response.error,
    };
    return { logged, progress: claim.redelivery ? unchanged(webhook) : this.progress(webhook, event!, response) };
  }

  private log(webhook: Webhook, attempt: DeliveryAttempt, progress: WebhookProgress, recorded: RecordOutcome): void {
    const log = this.logger.child({ webhook: webhook.id, event: attempt.eventId });
    if (recorded === 'lost') log.warn({}, 'webhook lease lost before the attempt was recorded; the event is sent again');
    else if (recorded === 'overtaken') log.info({ outcome: attempt.outcome }, 'webhook changed by its owner during the attempt; its state is the owner’s');
    else if (progress.status === 'failing' && webhook.status === 'active') log.warn({ reason: progress.failingReason }, 'webhook marked failing');
    else log.debug({ outcome: attempt.outcome, status: attempt.responseStatus, ms: attempt.durationMs }, 'webhook delivery');
  }

  /**
   * The redelivered event alone (null when no longer kept), else the backlog's next events (up to `runEvents`); none
   * when there is nothing to send.
   */
  private async nextEvents(claim: ClaimedWebhook): Promise<readonly (RecordedEvent | null)[]> {
    const w = claim.webhook;
    if (claim.redelivery) {
      const [event] = await this.outbox.read({ userId: w.userId, after: claim.redelivery.eventId - 1, limit: 1 });
      return [event?.id === claim.redelivery.eventId ? event : null];
    }
    return this.outbox.read({ userId: w.userId, after: w.cursor, limit: this.options.runEvents, types: w.eventTypes as RecordedEvent['type'][] });
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
    this.stopping = false;
    this.logger.info({ worker: this.options.workerId, concurrency: this.options.concurrency }, 'webhook dispatcher started');
    this.loops = Array.from({ length: this.options.concurrency }, (_, slot) => this.loop(slot));
  }

  /**
   * Stops claiming and waits up to `graceMs` for the attempts in flight (a run ends with the event in hand, whose
   * record gives the lease back). One still running then keeps its lease until it runs out (giving it back early
   * could let another worker send the same subscription's event alongside it).
   */
  async stop(graceMs?: number): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopping = true;
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
        worked = (await this.runOnce()).length > 0;
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

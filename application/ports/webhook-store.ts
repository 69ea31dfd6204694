import type { DeliveryOutcome, NewWebhook, Webhook, WebhookDelivery, WebhookStatus } from '../../domain/webhooks/webhook.js';

/** A subscription a worker holds for a run of deliveries, and what it is to deliver first. */
export interface ClaimedWebhook {
  readonly webhook: Webhook;
  /** An event the owner asked to have delivered again (tried before the backlog), or null. */
  readonly redelivery: { readonly id: number; readonly eventId: number } | null;
  /** The subscription's version when claimed: its owner's changes (enable, a new URL) raise it. */
  readonly version: number;
}

/**
 * What became of a worker's record: `recorded` (the log row and the progress written, the lease ended), `kept` (the
 * same, but the lease kept until the `keepUntil` asked for: the worker goes on to the subscription's next event),
 * `overtaken` (the log row written but not the progress: the owner changed the subscription after the claim, and that
 * change stands; the lease ended), `lost` (nothing written: the worker no longer held the subscription).
 */
export type RecordOutcome = 'recorded' | 'kept' | 'overtaken' | 'lost';

/**
 * What a worker records after one attempt: the log row but for its id, and the redelivery request it answers (removed
 * with the record), or null for the backlog's next event.
 */
export type DeliveryAttempt = Omit<WebhookDelivery, 'id' | 'redelivery'> & { readonly redeliveryId: number | null };

/** The subscription's state after an attempt (written only while the worker still holds it). */
export interface WebhookProgress {
  readonly cursor: number;
  readonly failures: number;
  readonly firstFailure: Date | null;
  readonly nextAttempt: Date;
  readonly status: WebhookStatus;
  readonly failingReason: string | null;
}

/**
 * Webhook subscriptions, their delivery log and owners' redelivery requests. The owner's reads and changes run in the
 * caller's unit of work; `claim`, `record` and `release` are the delivery workers', each in a short one of its own.
 *
 * A claim is a lease: a subscription is held by one worker at a time (`for update skip locked` on the database), so
 * one subscription's events are never delivered concurrently or out of order; a worker that died leaves its lease to
 * run out, after which another takes the subscription and delivers the same event again (at least once).
 */
export interface WebhookStore {
  /** Adds a subscription (its cursor the outbox's last id given, its next attempt now). */
  add(webhook: NewWebhook, cursor: number): Promise<Webhook>;
  /** How many subscriptions the user has. */
  countOf(userId: number): Promise<number>;
  byId(id: number): Promise<Webhook | null>;
  /** The user's subscriptions (only those the application made, when given), oldest first, a page at a time. */
  list(userId: number, applicationId: string | null, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly Webhook[] }>;
  /** Removes a subscription with its log; false when there was none. */
  remove(id: number): Promise<boolean>;
  /**
   * Makes a failing subscription active again, to be tried at `now` from its cursor, raising its version (even while a
   * worker holds it: the worker's record then leaves this change standing); the subscription after.
   */
  enable(id: number, now: Date): Promise<Webhook | null>;
  /**
   * Points a subscription at another URL (the demo's receiver, whose port changes), and its cursor back when given,
   * raising its version.
   */
  moveTo(id: number, url: string, cursor?: number): Promise<void>;
  /** A subscription's log, newest first, a page at a time. */
  deliveries(webhookId: number, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly WebhookDelivery[] }>;
  delivery(webhookId: number, deliveryId: number): Promise<WebhookDelivery | null>;
  /** Asks the workers to deliver this event to the subscription once more. */
  requestRedelivery(webhookId: number, eventId: number, now: Date): Promise<void>;
  /**
   * Takes, until `leaseUntil`, an active subscription that is due (`nextAttempt` passed), not held by a live lease,
   * and has work: a redelivery request, or an event of its user and types past its cursor. Null when none.
   */
  claim(workerId: string, now: Date, leaseUntil: Date): Promise<ClaimedWebhook | null>;
  /**
   * If `workerId` still holds the subscription: writes the attempt's log row, and the subscription's progress only if
   * its version is still `version` (the claim's), so that an owner's change made while the attempt was in flight (an
   * enable) is not undone by a state computed from before it; all of it at once (one statement on the database).
   * The lease ends, unless `keepUntil` is given, the progress was written and no redelivery request waits: then the
   * lease is held until `keepUntil` (`kept`), so the worker can send the next event without claiming again, and an
   * owner's change or a redelivery request ends the worker's run at its next record. See RecordOutcome.
   */
  record(workerId: string, version: number, attempt: DeliveryAttempt, progress: WebhookProgress, keepUntil?: Date): Promise<RecordOutcome>;
  /** Ends the lease without an attempt (there was nothing to deliver after all); false when not held. */
  release(webhookId: number, workerId: string): Promise<boolean>;
  /** Removes log rows older than `before`; how many. */
  pruneDeliveries(before: Date): Promise<number>;
  /** Figures for the operator: attempts since `since` by outcome with their total and longest duration, and subscriptions failing. */
  figures(since: Date): Promise<WebhookFigures>;
}

/** The delivery figures the metrics show. */
export interface WebhookFigures {
  readonly attempts: Readonly<Record<DeliveryOutcome, number>>;
  readonly totalDurationMs: number;
  readonly maxDurationMs: number;
  readonly failing: number;
}

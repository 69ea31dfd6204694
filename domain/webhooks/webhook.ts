/**
 * Webhook subscriptions: a user's HTTPS endpoint told of their events, in order, signed, at least once. A
 * subscription holds its own delivery cursor (the last event it was given or gave up) and its retry state, so the
 * rules of what is delivered next and when to try again are read from one record.
 */

/** A subscription's states: delivering, or stopped after a day of failures until its owner enables it again. */
export const WEBHOOK_STATUSES = ['active', 'failing'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** The longest URL a subscription may have (characters). */
export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** How many subscriptions one user may have. */
export const MAX_WEBHOOKS_PER_USER = 20;
/** The length of a subscription's signing secret (characters of A-Z, a-z, 0-9; ~190 bits). */
export const WEBHOOK_SECRET_LENGTH = 32;
/** The prefix the secret is shown with (`whsec_…`), so that it is recognisable in a receiver's configuration. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A subscription as stored. */
export interface Webhook {
  readonly id: number;
  /** The user whose events it receives. */
  readonly userId: number;
  /** The application that made it (OAuth), or null when the user did (a personal token, the settings page). */
  readonly applicationId: string | null;
  readonly url: string;
  /** The event types it receives, in the order of the event type list. */
  readonly eventTypes: readonly string[];
  /** The signing secret (`whsec_…`): shown to the owner when made, never again. */
  readonly secret: string;
  readonly status: WebhookStatus;
  /** Why it is failing (the last attempt's error), or null while active. */
  readonly failingReason: string | null;
  readonly created: Date;
  /** The last event given to it (delivered or given up); events after it are its backlog. */
  readonly cursor: number;
  /** Failed attempts at the event after the cursor since the last success. */
  readonly failures: number;
  /** When the first of those failures happened (null when none). */
  readonly firstFailure: Date | null;
  /** Not before when it is tried next. */
  readonly nextAttempt: Date;
}

/** What a new subscription is made of. */
export interface NewWebhook {
  readonly userId: number;
  readonly applicationId: string | null;
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly secret: string;
  readonly created: Date;
}

/** How one attempt ended. */
export const DELIVERY_OUTCOMES = ['succeeded', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** One attempt at delivering one event to one subscription (its log row). */
export interface WebhookDelivery {
  readonly id: number;
  readonly webhookId: number;
  readonly eventId: number;
  readonly eventType: string;
  /** 1 for the first attempt at this event, counting on through its retries; a redelivery counts as 1. */
  readonly attempt: number;
  /** True when the owner asked for it again (a redelivery is tried once, whatever comes of it). */
  readonly redelivery: boolean;
  readonly started: Date;
  readonly durationMs: number;
  readonly outcome: DeliveryOutcome;
  /** The receiver's status code, or null when none came (refused, timed out). */
  readonly responseStatus: number | null;
  /** The start of the receiver's response body (cut at a limit). */
  readonly responseExcerpt: string;
  /** Why it failed, or null when it succeeded. */
  readonly error: string | null;
}

/** How retries are spaced: exponential from `baseMs`, capped at `maxMs`, with full jitter, for `windowMs`. */
export interface RetryPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
  /** How long after the first failure of an event the subscription is given up (marked failing). */
  readonly windowMs: number;
}

/** The default: from 10 s doubling to an hour, for a day. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 10_000, maxMs: 3_600_000, windowMs: 86_400_000 };

/**
 * The wait before the next attempt after `failures` failures in a row (1 for the first): a uniformly random time
 * between 0 and min(maxMs, baseMs × 2^(failures − 1)) ("full jitter"), so that receivers coming back are not hit by
 * every sender at once. `random` is a number in [0, 1).
 */
export function retryDelayMs(policy: RetryPolicy, failures: number, random: number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 40));
  return Math.floor(random * ceiling);
}

/**
 * What becomes of a subscription after a failed attempt at `now`: tried again after a jittered wait, or, once the
 * first failure is `windowMs` old, marked failing (its cursor kept, so enabling it again starts with that event).
 */
export function afterFailure(
  webhook: Pick<Webhook, 'failures' | 'firstFailure'>,
  policy: RetryPolicy,
  now: Date,
  random: number,
): { readonly failures: number; readonly firstFailure: Date; readonly nextAttempt: Date; readonly givenUp: boolean } {
  const failures = webhook.failures + 1;
  const firstFailure = webhook.firstFailure ?? now;
  const givenUp = now.getTime() - firstFailure.getTime() >= policy.windowMs;
  return { failures, firstFailure, nextAttempt: new Date(now.getTime() + retryDelayMs(policy, failures, random)), givenUp };
}

/** The message a subscription shows while failing. */
export function failingReason(error: string, failures: number): string {
  return `Delivery was stopped after ${failures} failed attempts; the last one: ${error}`;
}

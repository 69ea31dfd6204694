import type { MikroORM } from '@mikro-orm/postgresql';
import type { ClaimedWebhook, DeliveryAttempt, RecordOutcome, WebhookFigures, WebhookProgress, WebhookStore } from '../../../application/ports/webhook-store.js';
import type { DeliveryOutcome, NewWebhook, Webhook, WebhookDelivery, WebhookStatus } from '../../../domain/webhooks/webhook.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf, textArray } from '../sql-values.js';

type Row = Record<string, unknown>;

const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : dateOf(value));
const textsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : String(value).replace(/^\{|\}$/g, '').split(',').filter((t) => t !== '').map((t) => t.replace(/^"|"$/g, ''));

function webhookOf(r: Row): Webhook {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    applicationId: r.application_id === null || r.application_id === undefined ? null : String(r.application_id),
    url: String(r.url),
    eventTypes: textsOf(r.event_types),
    secret: String(r.secret),
    status: r.status as WebhookStatus,
    failingReason: r.failing_reason === null || r.failing_reason === undefined ? null : String(r.failing_reason),
    created: dateOf(r.created),
    cursor: Number(r.cursor),
    failures: Number(r.failures),
    firstFailure: dateOrNull(r.first_failure),
    nextAttempt: dateOf(r.next_attempt),
  };
}

function deliveryOf(r: Row): WebhookDelivery {
  return {
    id: Number(r.id),
    webhookId: Number(r.webhook_id),
    eventId: Number(r.event_id),
    eventType: String(r.event_type),
    attempt: Number(r.attempt),
    redelivery: Boolean(r.redelivery),
    started: dateOf(r.started),
    durationMs: Number(r.duration_ms),
    outcome: r.outcome as DeliveryOutcome,
    responseStatus: r.response_status === null || r.response_status === undefined ? null : Number(r.response_status),
    responseExcerpt: String(r.response_excerpt ?? ''),
    error: r.error === null || r.error === undefined ? null : String(r.error),
  };
}

const numbersOf = (value: unknown): number[] => (Array.isArray(value) ? value : String(value).replace(/^\{|\}$/g, '').split(',')).map(Number);
const isTrue = (value: unknown) => value === true || value === 't';

const MAX_ID = 2_147_483_647;
const isId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;

/**
 * Webhook subscriptions in PostgreSQL (and PGlite), through the current unit of work, in SQL of their own like the
 * job queue's (SqlJobQueue), for the same reason: a claim is one statement that picks a due subscription with work
 * (`for update skip locked`: a row another worker is claiming is skipped, not waited for) and leases it, so that no
 * two workers ever hold one subscription; "has work" reads the events outbox's `event` table (a user's events past
 * the cursor of the subscription's types, on its `(user_id, id)` index) and the redelivery requests.
 */
export class SqlWebhookStore implements WebhookStore {
  constructor(private readonly orm: MikroORM) {}

  async add(w: NewWebhook, cursor: number): Promise<Webhook> {
    const [row] = await query(
      this.orm,
      `insert into webhook_subscription (user_id, application_id, url, event_types, secret, status, created, cursor, failures, next_attempt)
       values (?, ?, ?, ?::text[], ?, 'active', ?, ?, 0, ?) returning *`,
      [w.userId, w.applicationId, w.url, textArray(w.eventTypes), w.secret, w.created, cursor, w.created],
    );
    return webhookOf(row!);
  }

  async countOf(userId: number): Promise<number> {
    const [row] = await query(this.orm, 'select count(*)::int as n from webhook_subscription where user_id = ?', [userId]);
    return Number(row!.n);
  }

  async byId(id: number): Promise<Webhook | null> {
    if (!isId(id)) return null;
    const [row] = await query(this.orm, 'select * from webhook_subscription where id = ?', [id]);
    return row ? webhookOf(row) : null;
  }

  async list(userId: number, applicationId: string | null, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly Webhook[] }> {
    const mine = 'user_id = ? and (?::text is null or application_id = ?)';
    const [count] = await query(this.orm, `select count(*)::int as n from webhook_subscription where ${mine}`, [userId, applicationId, applicationId]);
    const rows = await query(this.orm, `select * from webhook_subscription where ${mine} order by id offset ? limit ?`, [userId, applicationId, applicationId, offset, limit]);
    return { total: Number(count!.n), items: rows.map(webhookOf) };
  }

  async remove(id: number): Promise<boolean> {
    return (await query(this.orm, 'delete from webhook_subscription where id = ? returning id', [id])).length > 0;
  }

  async enable(id: number, now: Date): Promise<Webhook | null> {
    const [row] = await query(
      this.orm,
      `update webhook_subscription set status = 'active', failing_reason = null, failures = 0, first_failure = null, next_attempt = ?,
         version = version + 1
       where id = ? returning *`,
      [now, id],
    );
    return row ? webhookOf(row) : null;
  }

  async moveTo(id: number, url: string, cursor?: number): Promise<void> {
    await query(this.orm, 'update webhook_subscription set url = ?, cursor = coalesce(?, cursor), version = version + 1 where id = ?', [url, cursor ?? null, id]);
  }

  async deliveries(webhookId: number, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly WebhookDelivery[] }> {
    const [count] = await query(this.orm, 'select count(*)::int as n from webhook_delivery where webhook_id = ?', [webhookId]);
    const rows = await query(this.orm, 'select * from webhook_delivery where webhook_id = ? order by id desc offset ? limit ?', [webhookId, offset, limit]);
    return { total: Number(count!.n), items: rows.map(deliveryOf) };
  }

  async delivery(webhookId: number, deliveryId: number): Promise<WebhookDelivery | null> {
    if (!isId(deliveryId)) return null;
    const [row] = await query(this.orm, 'select * from webhook_delivery where id = ? and webhook_id = ?', [deliveryId, webhookId]);
    return row ? deliveryOf(row) : null;
  }

  async requestRedelivery(webhookId: number, eventId: number, now: Date): Promise<void> {
    await query(this.orm, 'insert into webhook_redelivery (webhook_id, event_id, requested) values (?, ?, ?)', [webhookId, eventId, now]);
  }

  async claim(workerId: string, now: Date, leaseUntil: Date): Promise<ClaimedWebhook | null> {
    const [row] = await query(
      this.orm,
      `update webhook_subscription set lease_owner = ?, lease_until = ?
       where id = (
         select s.id from webhook_subscription s
         where (s.lease_until is null or s.lease_until < ?)
           and (exists (select 1 from webhook_redelivery r where r.webhook_id = s.id)
             or (s.status = 'active' and s.next_attempt <= ?
               and exists (select 1 from event e where e.user_id = s.user_id and e.id > s.cursor and e.type = any(s.event_types))))
         order by s.next_attempt, s.id
         limit 1
         for update skip locked
       )
       returning *, (select array[r.id, r.event_id] from webhook_redelivery r where r.webhook_id = webhook_subscription.id order by r.id limit 1) as redelivery`,
      [workerId, leaseUntil, now, now],
    );
    if (!row) return null;
    const redelivery = row.redelivery === null || row.redelivery === undefined ? null : numbersOf(row.redelivery);
    return {
      webhook: webhookOf(row),
      redelivery: redelivery ? { id: redelivery[0]!, eventId: redelivery[1]! } : null,
      version: Number(row.version),
    };
  }

  async record(workerId: string, version: number, a: DeliveryAttempt, p: WebhookProgress, keepUntil?: Date): Promise<RecordOutcome> {
    // One statement: it ends the lease (or keeps it, see below) and, only at the claimed version, writes the progress,
    // reading the row under its lock, so an owner's change that committed first (an enable) is seen and left standing,
    // and one that comes after waits for this one and then applies to what it wrote. The log row is inserted and the
    // redelivery answered only when the row was held (`held` is empty otherwise). The lease is kept, for the worker's
    // next event, only at the claimed version and while no other redelivery request waits (it goes first).
    const keep = `version = ? and ?::timestamptz is not null
      and not exists (select 1 from webhook_redelivery r where r.webhook_id = webhook_subscription.id and r.id is distinct from ?::int)`;
    const [held] = await query<{ current: unknown; kept: unknown }>(
      this.orm,
      `with held as (
         update webhook_subscription set
           cursor = case when version = ? then ? else cursor end,
           failures = case when version = ? then ? else failures end,
           first_failure = case when version = ? then ?::timestamptz else first_failure end,
           next_attempt = case when version = ? then ?::timestamptz else next_attempt end,
           status = case when version = ? then ? else status end,
           failing_reason = case when version = ? then ? else failing_reason end,
           lease_owner = case when ${keep} then lease_owner end,
           lease_until = case when ${keep} then ?::timestamptz end
         where id = ? and lease_owner = ?
         returning version = ? as current, lease_owner is not null as kept
       ), logged as (
         insert into webhook_delivery (webhook_id, event_id, event_type, attempt, redelivery, started, duration_ms, outcome, response_status, response_excerpt, error)
         select ?::int, ?::bigint, ?::text, ?::int, ?::boolean, ?::timestamptz, ?::int, ?::text, ?::int, ?::text, ?::text from held
       ), answered as (
         delete from webhook_redelivery where id = ?::int and exists (select 1 from held)
       )
       select current, kept from held`,
      [
        version, p.cursor,
        version, p.failures,
        version, p.firstFailure,
        version, p.nextAttempt,
        version, p.status,
        version, p.failingReason,
        version, keepUntil ?? null, a.redeliveryId,
        version, keepUntil ?? null, a.redeliveryId, keepUntil ?? null,
        a.webhookId, workerId, version,
        a.webhookId, a.eventId, a.eventType, a.attempt, a.redeliveryId !== null, a.started, a.durationMs, a.outcome, a.responseStatus, a.responseExcerpt, a.error,
        a.redeliveryId,
      ],
    );
    if (!held) return 'lost';
    if (!isTrue(held.current)) return 'overtaken';
    return isTrue(held.kept) ? 'kept' : 'recorded';
  }

  async release(webhookId: number, workerId: string): Promise<boolean> {
    const rows = await query(this.orm, 'update webhook_subscription set lease_owner = null, lease_until = null where id = ? and lease_owner = ? returning id', [
      webhookId,
      workerId,
    ]);
    return rows.length > 0;
  }

  async pruneDeliveries(before: Date): Promise<number> {
    return (await query(this.orm, 'delete from webhook_delivery where started < ? returning id', [before])).length;
  }

  async figures(since: Date): Promise<WebhookFigures> {
    const rows = await query(
      this.orm,
      `select outcome, count(*)::int as n, coalesce(sum(duration_ms), 0)::bigint as total, coalesce(max(duration_ms), 0)::int as longest
       from webhook_delivery where started >= ? group by outcome`,
      [since],
    );
    const [failing] = await query(this.orm, `select count(*)::int as n from webhook_subscription where status = 'failing'`);
    const attempts = { succeeded: 0, failed: 0 };
    let totalDurationMs = 0;
    let maxDurationMs = 0;
    for (const r of rows) {
      attempts[r.outcome as DeliveryOutcome] = Number(r.n);
      totalDurationMs += Number(r.total);
      maxDurationMs = Math.max(maxDurationMs, Number(r.longest));
    }
    return { attempts, totalDurationMs, maxDurationMs, failing: Number(failing!.n) };
  }
}

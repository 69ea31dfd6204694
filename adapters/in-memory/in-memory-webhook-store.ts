import type { EventOutbox } from '../../application/ports/event-outbox.js';
import type { ClaimedWebhook, DeliveryAttempt, RecordOutcome, WebhookFigures, WebhookProgress, WebhookStore } from '../../application/ports/webhook-store.js';
import type { EventType } from '../../domain/events/event.js';
import type { NewWebhook, Webhook, WebhookDelivery } from '../../domain/webhooks/webhook.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

interface Held {
  readonly webhook: Webhook;
  readonly leaseOwner: string | null;
  readonly leaseUntil: Date | null;
  /** Raised by the owner's changes (enable, moveTo); a worker's record writes progress only at the claimed one. */
  readonly version: number;
}

interface State {
  webhooks: Map<number, Held>;
  deliveries: WebhookDelivery[];
  redeliveries: { id: number; webhookId: number; eventId: number }[];
  lastIds: { webhook: number; delivery: number; redelivery: number };
}

/**
 * Webhook subscriptions in memory, enlisted in an `InMemoryUnitOfWork`, with the SQL store's rules: a claim takes the
 * due subscription with work (asking the outbox for an event past its cursor) whose lease is free or ran out, earliest
 * next attempt first; record and release only by the lease's holder, which a record may keep for the next event. Calls are synchronous between awaits except the
 * outbox's read, after which the lease is checked again, so two claims never hold one subscription.
 */
export class InMemoryWebhookStore implements WebhookStore, InMemoryTransactional, ErasableStore {
  private s: State = { webhooks: new Map(), deliveries: [], redeliveries: [], lastIds: { webhook: 0, delivery: 0, redelivery: 0 } };

  constructor(
    uow: InMemoryUnitOfWork,
    private readonly outbox: EventOutbox,
  ) {
    uow.enlist(this);
  }

  snapshot(): unknown {
    return { webhooks: new Map(this.s.webhooks), deliveries: [...this.s.deliveries], redeliveries: [...this.s.redeliveries], lastIds: { ...this.s.lastIds } };
  }

  restore(snapshot: unknown): void {
    this.s = snapshot as State;
  }

  async add(w: NewWebhook, cursor: number): Promise<Webhook> {
    const webhook: Webhook = {
      ...w,
      eventTypes: [...w.eventTypes],
      id: ++this.s.lastIds.webhook,
      status: 'active',
      failingReason: null,
      cursor,
      failures: 0,
      firstFailure: null,
      nextAttempt: w.created,
    };
    this.s.webhooks.set(webhook.id, { webhook, leaseOwner: null, leaseUntil: null, version: 0 });
    return webhook;
  }

  async countOf(userId: number): Promise<number> {
    return [...this.s.webhooks.values()].filter((h) => h.webhook.userId === userId).length;
  }

  async byId(id: number): Promise<Webhook | null> {
    return this.s.webhooks.get(id)?.webhook ?? null;
  }

  async list(userId: number, applicationId: string | null, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly Webhook[] }> {
    const mine = [...this.s.webhooks.values()]
      .map((h) => h.webhook)
      .filter((w) => w.userId === userId && (applicationId === null || w.applicationId === applicationId))
      .sort((a, b) => a.id - b.id);
    return { total: mine.length, items: mine.slice(offset, offset + limit) };
  }

  async remove(id: number): Promise<boolean> {
    return this.drop(id);
  }

  /** A subscription gone with its deliveries and redelivery requests (what the SQL foreign keys cascade). */
  private drop(id: number): boolean {
    if (!this.s.webhooks.delete(id)) return false;
    this.s.deliveries = this.s.deliveries.filter((d) => d.webhookId !== id);
    this.s.redeliveries = this.s.redeliveries.filter((r) => r.webhookId !== id);
    return true;
  }

  /** Account deletion: the person's subscriptions go, with their deliveries and redelivery requests (as `remove`). */
  eraseUser(userId: number): void {
    for (const [id, held] of [...this.s.webhooks]) if (held.webhook.userId === userId) this.drop(id);
  }

  async enable(id: number, now: Date): Promise<Webhook | null> {
    const held = this.s.webhooks.get(id);
    if (!held) return null;
    const webhook: Webhook = { ...held.webhook, status: 'active', failingReason: null, failures: 0, firstFailure: null, nextAttempt: now };
    this.s.webhooks.set(id, { ...held, webhook, version: held.version + 1 });
    return webhook;
  }

  async moveTo(id: number, url: string, cursor?: number): Promise<void> {
    const held = this.s.webhooks.get(id);
    if (held) this.s.webhooks.set(id, { ...held, webhook: { ...held.webhook, url, cursor: cursor ?? held.webhook.cursor }, version: held.version + 1 });
  }

  async deliveries(webhookId: number, offset: number, limit: number): Promise<{ readonly total: number; readonly items: readonly WebhookDelivery[] }> {
    const mine = this.s.deliveries.filter((d) => d.webhookId === webhookId).sort((a, b) => b.id - a.id);
    return { total: mine.length, items: mine.slice(offset, offset + limit) };
  }

  async delivery(webhookId: number, deliveryId: number): Promise<WebhookDelivery | null> {
    return this.s.deliveries.find((d) => d.id === deliveryId && d.webhookId === webhookId) ?? null;
  }

  async requestRedelivery(webhookId: number, eventId: number): Promise<void> {
    this.s.redeliveries.push({ id: ++this.s.lastIds.redelivery, webhookId, eventId });
  }

  async claim(workerId: string, now: Date, leaseUntil: Date): Promise<ClaimedWebhook | null> {
    const free = (h: Held) => h.leaseUntil === null || h.leaseUntil.getTime() < now.getTime();
    const candidates = [...this.s.webhooks.values()].filter(free).sort((a, b) => a.webhook.nextAttempt.getTime() - b.webhook.nextAttempt.getTime() || a.webhook.id - b.webhook.id);
    for (const candidate of candidates) {
      const w = candidate.webhook;
      const redelivery = this.s.redeliveries.find((r) => r.webhookId === w.id);
      const due = w.status === 'active' && w.nextAttempt.getTime() <= now.getTime();
      const hasWork =
        redelivery !== undefined ||
        (due && (await this.outbox.read({ userId: w.userId, after: w.cursor, limit: 1, types: w.eventTypes as EventType[] })).length > 0);
      const current = this.s.webhooks.get(w.id);
      if (!hasWork || !current || !free(current)) continue;
      this.s.webhooks.set(w.id, { ...current, leaseOwner: workerId, leaseUntil });
      return { webhook: current.webhook, redelivery: redelivery ? { id: redelivery.id, eventId: redelivery.eventId } : null, version: current.version };
    }
    return null;
  }

  async record(workerId: string, version: number, a: DeliveryAttempt, p: WebhookProgress, keepUntil?: Date): Promise<RecordOutcome> {
    const held = this.s.webhooks.get(a.webhookId);
    if (!held || held.leaseOwner !== workerId) return 'lost';
    const current = held.version === version;
    const { redeliveryId, ...logged } = a;
    const waiting = this.s.redeliveries.some((r) => r.webhookId === a.webhookId && r.id !== redeliveryId);
    const kept = current && keepUntil !== undefined && !waiting;
    this.s.webhooks.set(a.webhookId, {
      webhook: current ? { ...held.webhook, ...p } : held.webhook,
      leaseOwner: kept ? workerId : null,
      leaseUntil: kept ? keepUntil : null,
      version: held.version,
    });
    this.s.deliveries.push({ ...logged, id: ++this.s.lastIds.delivery, redelivery: redeliveryId !== null });
    if (redeliveryId !== null) this.s.redeliveries = this.s.redeliveries.filter((r) => r.id !== redeliveryId);
    return kept ? 'kept' : current ? 'recorded' : 'overtaken';
  }

  async release(webhookId: number, workerId: string): Promise<boolean> {
    const held = this.s.webhooks.get(webhookId);
    if (!held || held.leaseOwner !== workerId) return false;
    this.s.webhooks.set(webhookId, { ...held, leaseOwner: null, leaseUntil: null });
    return true;
  }

  async pruneDeliveries(before: Date): Promise<number> {
    const kept = this.s.deliveries.filter((d) => d.started.getTime() >= before.getTime());
    const removed = this.s.deliveries.length - kept.length;
    this.s.deliveries = kept;
    return removed;
  }

  async figures(since: Date): Promise<WebhookFigures> {
    const recent = this.s.deliveries.filter((d) => d.started.getTime() >= since.getTime());
    return {
      attempts: { succeeded: recent.filter((d) => d.outcome === 'succeeded').length, failed: recent.filter((d) => d.outcome === 'failed').length },
      totalDurationMs: recent.reduce((sum, d) => sum + d.durationMs, 0),
      maxDurationMs: recent.reduce((max, d) => Math.max(max, d.durationMs), 0),
      failing: [...this.s.webhooks.values()].filter((h) => h.webhook.status === 'failing').length,
    };
  }
}

import type { EventOutbox, EventQuery } from '../../application/ports/event-outbox.js';
import type { NewEvent, RecordedEvent } from '../../domain/events/event.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/**
 * Events in memory, enlisted in an `InMemoryUnitOfWork` (a failed run takes its events back). The unit of work runs
 * one run at a time, so events become visible in id order, as the SQL outbox's lock makes them; like a sequence, an
 * id given to a rolled-back event is not given again. Bodies are copied in and out, so no caller shares them. Staged
 * events wait in a list of the run, appended by its next append or dropped when it ends.
 */
export class InMemoryEventOutbox implements EventOutbox, InMemoryTransactional, ErasableStore {
  private events: RecordedEvent[] = [];
  private last = 0;
  /** The current run's staged events (runs are one at a time), dropped when it ends. */
  private staged: NewEvent[] = [];

  constructor(private readonly uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  snapshot(): unknown {
    return this.events;
  }

  restore(snapshot: unknown): void {
    this.events = snapshot as RecordedEvent[];
  }

  ended(): void {
    this.staged = [];
  }

  async append(events: readonly NewEvent[]): Promise<readonly RecordedEvent[]> {
    if (!this.uow.active) throw new Error('EventOutbox.append must run inside a unit of work');
    const staged = this.staged.map((e) => copy({ ...e, id: ++this.last }));
    this.staged = [];
    const recorded = events.map((e) => copy({ ...e, id: ++this.last }));
    this.events = [...this.events, ...staged, ...recorded];
    return recorded.map(copy);
  }

  async stage(events: readonly NewEvent[]): Promise<void> {
    if (!this.uow.active) throw new Error('EventOutbox.stage must run inside a unit of work');
    this.staged.push(...events.map((e) => copy({ ...e, id: 0 })));
  }

  async read(query: EventQuery): Promise<readonly RecordedEvent[]> {
    const types = query.types && query.types.length > 0 ? new Set<string>(query.types) : null;
    return this.events
      .filter((e) => e.userId === query.userId && e.id > query.after && (!types || types.has(e.type)))
      .slice(0, Math.max(0, query.limit))
      .map(copy);
  }

  async lastId(): Promise<number> {
    return this.events.at(-1)?.id ?? 0;
  }

  async prune(before: Date): Promise<number> {
    const newest = this.events.at(-1);
    const kept = this.events.filter((e) => e.occurred >= before || e === newest);
    const removed = this.events.length - kept.length;
    this.events = kept;
    return removed;
  }

  /** Account deletion (`SqlEventEraser`'s rule): the person's events go, but the newest of all, emptied, if theirs. */
  eraseUser(userId: number): void {
    const newest = this.events.at(-1);
    this.events = this.events
      .filter((e) => e.userId !== userId || e === newest)
      .map((e) => (e.userId === userId ? { ...e, resource: { type: e.resource.type, id: '', body: {} } } : e));
  }
}

function copy(event: RecordedEvent): RecordedEvent {
  return { ...event, occurred: new Date(event.occurred), resource: { ...event.resource, body: structuredClone(event.resource.body) } };
}

import { expect } from 'chai';
import { InMemoryEventOutbox } from '../../../../adapters/in-memory/in-memory-event-outbox.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { EventsAppendedGauge } from '../../../../application/events/events-appended-gauge.js';
import { ListEvents } from '../../../../application/events/list-events.js';
import { PruneEvents } from '../../../../application/events/prune-events.js';
import { Forbidden, Unauthenticated } from '../../../../application/errors.js';
import { newEvent } from '../../../../domain/events/event.js';
import { rejection } from '../../../support/rejection.js';

describe('Events: reading, pruning and the appended figure (use cases, in memory)', () => {
  const DAY = 86_400_000;
  const NOW = new Date('2026-12-07T12:00:00Z');
  const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
  let uow: InMemoryUnitOfWork;
  let outbox: InMemoryEventOutbox;

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    outbox = new InMemoryEventOutbox(uow);
    await uow.run(() =>
      outbox.append([40, 31, 29, 1, 0].map((n, i) => newEvent('wantlist.changed', i % 2 ? 2 : 1, daysAgo(n), { id: `w${i}`, body: { n } }))),
    );
  });

  it('prunes the events older than the retention, as maintenance and as a job, and reports the highest id throughout', async () => {
    const gauge = new EventsAppendedGauge(outbox);
    expect(await gauge.read()).to.deep.equal([{ labels: {}, value: 5 }]);
    const prune = new PruneEvents(outbox, uow, 30);
    await prune.maintain(NOW);
    const left = [...(await outbox.read({ userId: 1, after: 0, limit: 10 })), ...(await outbox.read({ userId: 2, after: 0, limit: 10 }))];
    expect(left.map((e) => e.resource.body.n).sort()).to.deep.equal([0, 1, 29]);
    let result: unknown;
    await new PruneEvents(outbox, uow, 1).run(
      { id: 1, kind: 'events.prune', ownerId: null, status: 'processing', payload: {}, result: null, attempts: 1, created: NOW, started: NOW, finished: null, leaseUntil: null, updated: NOW },
      async (r) => void (result = r),
    );
    expect(result, 'one day kept: the event of exactly a day ago stays').to.deep.equal({ removed: 1 });
    expect(await gauge.read()).to.deep.equal([{ labels: {}, value: 5 }]);
  });

  it("lists the caller's events a page at a time, saying whether more follow; 401 anonymous, 403 an application alone", async () => {
    const list = new ListEvents(outbox);
    const caller = { kind: 'user', userId: '1', username: 'one', via: 'token' } as const;
    const first = await list.execute({ caller, after: 0, perPage: 2, types: [] });
    expect([first.events.map((e) => e.id), first.more]).to.deep.equal([[1, 3], true]);
    const second = await list.execute({ caller, after: 3, perPage: 2, types: [] });
    expect([second.events.map((e) => e.id), second.more]).to.deep.equal([[5], false]);
    expect(await rejection(list.execute({ caller: { kind: 'anonymous' }, after: 0, perPage: 2, types: [] }))).to.be.instanceOf(Unauthenticated);
    expect(await rejection(list.execute({ caller: { kind: 'application', applicationId: 'a' }, after: 0, perPage: 2, types: [] }))).to.be.instanceOf(Forbidden);
  });
});

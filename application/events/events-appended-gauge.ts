import type { EventOutbox } from '../ports/event-outbox.js';
import type { GaugeReading, OperationalGauge } from '../ports/operational-gauge.js';

/**
 * How many events have been appended, as the outbox's highest id: it only grows (pruning keeps the newest event), is
 * the same for every process on the database (so an instance reports it once), and its `rate()` is events appended
 * per second across the deployment (ids given to rolled-back appends count too: the figure is an upper bound).
 */
export class EventsAppendedGauge implements OperationalGauge {
  readonly name = 'spindle_events_appended';
  readonly help = 'Events appended to the outbox so far (its highest id; rate() gives events per second)';
  readonly labelNames = [] as const;
  readonly shared = true;

  constructor(private readonly outbox: EventOutbox) {}

  async read(): Promise<readonly GaugeReading[]> {
    return [{ labels: {}, value: await this.outbox.lastId() }];
  }
}

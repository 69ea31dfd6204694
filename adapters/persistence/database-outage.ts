import type { Logger } from '../../application/ports/logger.js';
import type { OutageDetector } from '../../application/ports/outage-detector.js';

/** Node's socket errors of a server that is not there (stopped, restarting, unreachable or gone mid-query). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/**
 * SQLSTATEs of a server that cannot serve now: shutting down or starting (57P01-57P03), out of connections, disk or
 * memory (53xxx), and the connection exceptions (08xxx) but a protocol violation (08P01), which is a bug or bad input.
 */
function unavailableState(code: string): boolean {
  return /^57P0[123]$/.test(code) || /^53[0-9A-Z]{3}$/.test(code) || (/^08[0-9A-Z]{3}$/.test(code) && code !== '08P01');
}

/**
 * What `pg` and knex say when the connection is gone or cannot be had (they carry no code); anywhere in the message,
 * since knex puts the failed query's SQL in front of it.
 */
const CONNECTION_MESSAGES = [
  /Connection terminated (unexpectedly|due to connection timeout)/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /Knex: Timeout acquiring a connection/,
  /Query read timeout/,
];

/**
 * What kind of outage an error is: the server unreachable, its storage full, perhaps (a knex transaction found
 * completed under a query: what a connection lost mid-transaction leaves, or a bug), or none.
 */
export type DatabaseFailure = 'unreachable' | 'storage' | 'perhaps' | undefined;

/**
 * Classifies a database error (from MikroORM, knex, `pg` or PGlite, wrapped or not: the chain of `cause`s and the
 * fields MikroORM copies from the driver's error are read) as an outage or not. Constraint violations, syntax errors
 * and anything else of the query's own are not outages.
 */
export function databaseFailureOf(err: unknown): DatabaseFailure {
  for (let e = err, depth = 0; e !== null && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string') {
      if (code === '53100') return 'storage';
      if (SOCKET_CODES.has(code) || unavailableState(code)) return 'unreachable';
    }
    if (name === 'KnexTimeoutError') return 'unreachable';
    if (typeof message === 'string') {
      if (CONNECTION_MESSAGES.some((re) => re.test(message))) return 'unreachable';
      if (/No space left on device|could not extend file|Read-only file system/i.test(message)) return 'storage';
    }
    for (const nested of (e as { errors?: unknown }).errors instanceof Array ? ((e as { errors: unknown[] }).errors) : []) {
      const inner = databaseFailureOf(nested);
      if (inner) return inner;
    }
    if (typeof message === 'string' && /^Transaction query already complete/.test(message)) return 'perhaps';
  }
  return undefined;
}

export interface DatabaseOutageMonitorOptions {
  /** A cheap query that succeeds once the database answers again (`select 1`). */
  readonly probe: () => Promise<unknown>;
  readonly logger: Logger;
  /** How often the probe runs while the database is away; default 250 ms. */
  readonly probeMs?: number;
  /** `Retry-After` of the 503s; default 5 s. */
  readonly retryAfterSeconds?: number;
}

/**
 * The database's outages as the service sees them: an error that {@link databaseFailureOf} calls an outage (or one it
 * may call one, when a probe in `examine` finds the database away) starts
 * one (logged once, with the error's message, not one stack per request); a probe every `probeMs` then ends it (logged
 * once) as soon as the database answers. Nothing waits for the probe: requests keep trying the database themselves,
 * so they succeed again the moment it is back. A full disk (the embedded database's folder, or the server's) is told
 * once a minute while writes keep failing, since a read probe cannot tell when it has room again.
 */
export class DatabaseOutageMonitor implements OutageDetector {
  private down = false;
  private since = 0;
  private timer: NodeJS.Timeout | undefined;
  private storageToldAt = -Infinity;
  private closed = false;
  readonly retryAfterSeconds: number;

  constructor(private readonly options: DatabaseOutageMonitorOptions) {
    this.retryAfterSeconds = options.retryAfterSeconds ?? 5;
  }

  get available(): boolean {
    return !this.down;
  }

  async examine(err: unknown): Promise<void> {
    if (this.down || this.closed || databaseFailureOf(err) !== 'perhaps') return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.options.probe(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('the database did not answer within a second')), 1000);
        }),
      ]);
    } catch (probeErr) {
      this.noteDown(probeErr);
    } finally {
      clearTimeout(timer);
    }
  }

  isOutage(err: unknown): boolean {
    const failure = databaseFailureOf(err);
    if (failure === 'perhaps') return this.down;
    if (failure === 'storage') {
      const now = Date.now();
      if (now - this.storageToldAt >= 60_000) {
        this.storageToldAt = now;
        this.options.logger.error({ reason: messageOf(err) }, 'the database cannot write (its disk is full or read-only); writes are answered 503');
      }
      return true;
    }
    if (failure !== 'unreachable') return false;
    this.noteDown(err);
    return true;
  }

  private noteDown(err: unknown): void {
    if (this.down || this.closed) return;
    this.down = true;
    this.since = Date.now();
    this.options.logger.warn({ reason: messageOf(err) }, 'database unreachable; requests that need it are answered 503 until it answers again');
    this.schedule();
  }

  /** Stops probing (the database is being closed). */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.check(), this.options.probeMs ?? 250);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    if (this.closed) return;
    try {
      await this.options.probe();
    } catch {
      if (!this.closed) this.schedule();
      return;
    }
    this.down = false;
    this.options.logger.info({ outageMs: Date.now() - this.since }, 'database answering again');
  }
}

/** The error's own words, without the SQL (and its values) that knex puts in front of them: `{sql} - {message}`. */
function messageOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const cut = message.lastIndexOf(' - ');
  return cut === -1 ? message : message.slice(cut + 3);
}

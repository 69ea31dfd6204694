import { RedisUnavailable } from '../adapters/rate-limit/redis-unavailable.js';

/** What the start was trying to use, so an error can name it (the PostgreSQL URL; its password is never shown). */
export interface StartupContext {
  readonly databaseUrl?: string | undefined;
}

type ErrorFields = Error & {
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  severity?: unknown;
};

const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'no answer in time',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

// What pg and knex throw without a code: pg's connectionTimeoutMillis, pg-pool's, the server hanging up.
const CONNECTION_MESSAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^timeout expired$/, 'no answer in time'],
  [/^Connection terminated due to connection timeout$/, 'no answer in time'],
  [/^Knex: Timeout acquiring a connection/, 'no answer in time'],
  [/^Connection terminated unexpectedly$/, 'the server closed the connection'],
];

/**
 * One line for an operator, without a stack trace, for the ways a start commonly fails: the port is taken or not
 * allowed, the PostgreSQL server cannot be reached, the database does not exist or refuses the login, Redis does not
 * answer. `undefined` for any other error (print it whole: it is a bug or something unforeseen). Looks through
 * `cause` chains, so wrapped errors are recognised too.
 */
export function startupErrorMessage(err: unknown, context: StartupContext = {}): string | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const line = describe(e as ErrorFields, context);
    if (line !== undefined) return line;
  }
  return undefined;
}

function describe(e: ErrorFields, context: StartupContext): string | undefined {
  if (e instanceof RedisUnavailable) {
    return `${e.message.replace(/\.$/, '')}; start it, fix REDIS_URL, or unset REDIS_URL to count requests in memory.`;
  }
  if (e.syscall === 'listen') return listenError(e);
  // In a cluster worker the primary binds the port, and the worker's error says `bind EADDRINUSE 127.0.0.1:3000`.
  const bound = e.syscall === 'bind' && typeof e.message === 'string' ? /\s(\S+):(\d+)$/.exec(e.message) : null;
  if (bound) return listenError({ ...e, address: bound[1], port: Number(bound[2]) });
  const db = context.databaseUrl === undefined ? undefined : parsePostgresUrl(context.databaseUrl);
  if (db === undefined) return undefined;
  if (typeof e.severity === 'string' && typeof e.code === 'string') return serverRefusal(e, e.code, db);
  const reason = connectionReason(e, db);
  if (reason === undefined) return undefined;
  return `Cannot reach the PostgreSQL server at ${db.display} (${reason}); start it or fix DATABASE_URL.`;
}

function listenError(e: ErrorFields): string | undefined {
  const where = `${String(e.port)} on ${String(e.address)}`;
  switch (e.code) {
    case 'EADDRINUSE':
      return `Port ${where} is already in use; stop the other process or set PORT.`;
    case 'EACCES':
      return `Port ${where} needs privileges this process does not have; use a port above 1023 or set PORT.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${String(e.address)}:${String(e.port)}: that address is not on this machine; set HOST.`;
    default:
      return undefined;
  }
}

interface PostgresUrl {
  /** The URL without its password. */
  readonly display: string;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
}

function parsePostgresUrl(url: string): PostgresUrl | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  u.password = '';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const user = decodeURIComponent(u.username);
  return {
    display: u.href,
    host,
    port: u.port === '' ? 5432 : Number(u.port),
    user,
    database: decodeURIComponent(u.pathname.slice(1)) || user,
  };
}

/** Why the connection failed, or undefined when the error is not about reaching this server. */
function connectionReason(e: ErrorFields, db: PostgresUrl): string | undefined {
  if (typeof e.code === 'string' && NETWORK_REASONS[e.code] !== undefined) {
    // A network error names its peer; one about another peer is not about the database.
    if (typeof e.port === 'number' && e.port !== db.port) return undefined;
    if (typeof e.hostname === 'string' && e.hostname !== db.host) return undefined;
    return NETWORK_REASONS[e.code];
  }
  if (e.name === 'KnexTimeoutError') return 'no answer in time';
  return CONNECTION_MESSAGES.find(([pattern]) => pattern.test(e.message))?.[1];
}

function serverRefusal(e: ErrorFields, code: string, db: PostgresUrl): string | undefined {
  switch (code) {
    case '3D000':
      return (
        `The database "${db.database}" does not exist on the PostgreSQL server at ${db.display}; create it ` +
        `(createdb -h ${db.host} -p ${db.port}${db.user ? ` -U ${shellWord(db.user)}` : ''} ${shellWord(db.database)}) ` +
        'or fix DATABASE_URL.'
      );
    case '28P01':
      return `The PostgreSQL server at ${db.display} refused the password of user "${db.user}"; fix the password in DATABASE_URL.`;
    case '28000':
      return `The PostgreSQL server at ${db.display} refused the login (${e.message}); fix the user in DATABASE_URL or the server's pg_hba.conf.`;
    case '57P03':
      return `The PostgreSQL server at ${db.display} is starting up or shutting down; try again in a moment.`;
    default:
      return undefined;
  }
}

/** A word as a POSIX shell reads it back: bare when safe, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w.-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Thrown by the primary when a worker could not start; its message is the worker's one line. */
export class StartupFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupFailed';
  }
}

import os from 'node:os';
import path from 'node:path';
import type { FeeRule } from '../domain/marketplace/fee-rule.js';
import { DEFAULT_EXPORT_RETENTION_HOURS } from '../domain/inventory/inventory-export.js';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../domain/inventory/inventory-upload.js';
import { feeRuleFromEnv } from './marketplace/fee-config.js';

/**
 * The storage families a deployment chooses between: `sql` (MikroORM and SQL on the embedded PGlite or a PostgreSQL
 * server) and `memory` (the in-memory adapters, no database at all: for embedding, demos and tests).
 */
export type StorageKind = 'sql' | 'memory';

/** Which words the API speaks where the spec and the public Discogs API differ (see spec/GAPS.md "Two dialects"). */
export type Dialect = 'spec' | 'discogs';

/** What rate limiting does while its store (Redis) fails: let requests through unlimited, or refuse them with 503. */
export type RateLimitStoreFailure = 'open' | 'closed';
const RATE_LIMIT_STORE_FAILURES: readonly RateLimitStoreFailure[] = ['open', 'closed'];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/**
 * How many processes serve HTTP when `WEB_CONCURRENCY` is not set, on a PostgreSQL server: one per core, but one core
 * is left to PostgreSQL when it runs on this machine (`DATABASE_URL` names a loopback address, `localhost` or a Unix
 * socket), since its backends do about as much work per read as the server does; at least 1. Measured on a 2-core
 * machine with PostgreSQL on it (ADR 0026): one process answered `GET /releases/{id}` 10-15 % faster than two, whose
 * rate-limit hits also cross to the primary and back.
 */
export function defaultWebConcurrency(databaseUrl: string, cores: number): number {
  return Math.max(1, databaseOnThisMachine(databaseUrl) ? cores - 1 : cores);
}

function databaseOnThisMachine(databaseUrl: string): boolean {
  let host: string;
  let socket: string | null;
  try {
    const u = new URL(databaseUrl);
    host = decodeURIComponent(u.hostname).replace(/^\[|\]$/g, '').toLowerCase();
    socket = u.searchParams.get('host');
  } catch {
    return false;
  }
  // A `host` parameter (libpq's) or a percent-encoded path as host names a Unix socket; an empty host is the default socket.
  if (socket !== null) return socket.startsWith('/') || isLoopback(socket.toLowerCase());
  return host === '' || host.startsWith('/') || isLoopback(host);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host === '0:0:0:0:0:0:0:1';
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The whole typed configuration of a Spindle process, read once from the environment. */
export interface Config {
  readonly host: string;
  readonly port: number;
  /** Absolute URL every `resource_url` is built from, without a trailing slash. */
  readonly baseUrl: string;
  /** Absolute URL of the web pages (authorisation page, developer settings, `uri` fields), without trailing slash. */
  readonly webUrl: string;
  /** The brand word in media types, rate-limit header names and the Authorization scheme. */
  readonly brand: string;
  /** `SITE_NAME`: the web site's own name, in its pages' titles and header (default `Spindle`). */
  readonly siteName: string;
  readonly dialect: Dialect;
  /** The path segment written into user URLs (`s` or `users`); both are always accepted. */
  readonly userPathSegment: string;
  /**
   * `STORAGE`: `sql` (default: the embedded database in `dataDir`, or the server `DATABASE_URL` names) or `memory`
   * (the in-memory adapters: no database at all, everything lost when the process ends; one process only).
   */
  readonly storage: StorageKind;
  /** PostgreSQL server URL; undefined selects the embedded database in `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /**
   * `DISK_RESERVE_BYTES`: on the embedded database, writes are refused (503) while less than this is free on the data
   * folder's disk (default 128 MiB; 0 turns the check off), since PGlite hangs once a write meets a full disk.
   */
  readonly diskReserveBytes: number;
  /** `IMAGE_DIR`: the folder of image files (default `{DATA_DIR}/images`). */
  readonly imageDir: string;
  /** `MAIL_DIR`: the folder the mail transport writes each message into as an `.eml` file (default `{DATA_DIR}/mail`). */
  readonly mailDir: string;
  /**
   * `FILE_DIR`: the folder of files the service writes and serves back (inventory exports; default `{DATA_DIR}/files`).
   * Every instance sharing a database must see the same folder (a shared volume), as a file one writes another serves.
   */
  readonly fileDir: string;
  /** `EXPORT_RETENTION_HOURS`: how long a finished inventory export's file can be downloaded (default 168, a week). */
  readonly exportRetentionHours: number;
  /** `EVENT_RETENTION_DAYS`: how long events are kept for `GET /events` and webhooks before the workers prune them (default 30). */
  readonly eventRetentionDays: number;
  /**
   * `UPLOAD_MAX_BYTES`: the largest inventory upload file taken (default 64 MiB; larger is a 413). Uploaded files wait
   * in `FILE_DIR` until their job has applied them; one a job never took is removed after `EXPORT_RETENTION_HOURS`.
   */
  readonly uploadMaxBytes: number;
  /**
   * `IMAGE_SIGNING_SECRET`: the key image URLs are signed with; unset, one is made and kept in the database (shared by
   * every instance on it).
   */
  readonly imageSigningSecret: string | undefined;
  readonly redisUrl: string | undefined;
  /** `RATE_LIMIT_STORE_FAILURE`: `open` (default) lets requests through while Redis is down, `closed` answers 503. */
  readonly rateLimitStoreFailure: RateLimitStoreFailure;
  readonly rateLimit: {
    readonly anonymousPerWindow: number;
    readonly authenticatedPerWindow: number;
    readonly windowSeconds: number;
    /**
     * `RATE_LIMIT_PAGES`: web page requests per window, per signed-in person or per address (default 300: a person
     * opening a page a second never meets it; a scraper does), counted apart from the API's.
     */
    readonly pagesPerWindow: number;
  };
  readonly blockGenericUserAgents: boolean;
  readonly logLevel: LogLevel;
  /** Take the client address from `X-Forwarded-For` (set only behind a proxy you control). */
  readonly trustProxy: boolean;
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes: number;
  /** How long one database search may run, in milliseconds, before it answers 500 "Query time exceeded". */
  readonly searchTimeoutMs: number;
  /**
   * Processes serving HTTP (node:cluster workers sharing the port). Default on a PostgreSQL server: the machine's
   * cores, less one when the server runs on this machine (see `defaultWebConcurrency`); 1 on the embedded database
   * (which one process owns).
   */
  readonly webConcurrency: number;
  /** `FEE_RATE`, `FEE_MINIMUM`, `FEE_MAXIMUM`, `FEE_CURRENCY`: the marketplace fee rule (see marketplace/fee-config.ts). */
  readonly feeRule: FeeRule;
  /**
   * Background jobs (see jobs/jobs-module.ts): `JOB_LEASE_SECONDS` (how long a worker holds a job without renewing
   * it; a job whose worker died is taken again after it, default 60), `JOB_POLL_MS` (how often an idle worker looks
   * for work, default 1000), `JOB_WORKER` (whether each server process runs a worker, default true; false leaves the
   * jobs to `spindle worker` processes).
   */
  readonly jobs: { readonly leaseSeconds: number; readonly pollMs: number; readonly workerInServer: boolean };
  /**
   * Webhook delivery (see webhooks/webhooks-module.ts, ADR 0058): `WEBHOOK_ALLOW_PRIVATE` (deliver to private,
   * loopback and other non-public addresses, and over plain http: for demos and tests only, default false),
   * `WEBHOOK_CONNECT_TIMEOUT_MS` (default 5000), `WEBHOOK_TIMEOUT_MS` (the whole exchange, default 10000),
   * `WEBHOOK_MAX_RESPONSE_BYTES` (the most of a response read and logged, default 4096), `WEBHOOK_CONCURRENCY`
   * (subscriptions a worker process delivers to at once, default 4), `WEBHOOK_RETRY_BASE_MS` (default 10000),
   * `WEBHOOK_RETRY_MAX_MS` (default 3600000), `WEBHOOK_RETRY_WINDOW_SECONDS` (how long an event is retried before the
   * subscription is marked failing, default 86400), `WEBHOOK_LOG_RETENTION_DAYS` (the delivery log, default 30).
   */
  readonly webhooks: {
    readonly allowPrivate: boolean;
    readonly connectTimeoutMs: number;
    readonly totalTimeoutMs: number;
    readonly maxResponseBytes: number;
    readonly concurrency: number;
    readonly retryBaseMs: number;
    readonly retryMaxMs: number;
    readonly retryWindowMs: number;
    readonly logRetentionDays: number;
  };
  /**
   * Where `GET /metrics` (Prometheus text) is served, the operator's choice (ADR 0045): `METRICS_TOKEN` (at least 32
   * characters) serves it on the public port to a request bearing it (`Authorization: Bearer …`); `METRICS_PORT` serves
   * it on a port of its own (on `METRICS_HOST`, default `HOST`), for a network only the monitor reaches;
   * `METRICS_PUBLIC=true` serves it on the public port to anyone, which must be asked for. With none of them there is
   * no `/metrics` on the public port (404).
   */
  readonly metrics: {
    readonly token: string | undefined;
    readonly port: number | undefined;
    readonly host: string;
    readonly public: boolean;
  };
  /** `READINESS_TIMEOUT_MS`: how long `GET /readyz` waits for each dependency's answer before calling it not ready (default 2000). */
  readonly readinessTimeoutMs: number;
  /**
   * What a process does on SIGTERM (ADR 0047): `SHUTDOWN_DRAIN_SECONDS` (default 0) is how long it keeps accepting
   * after `/readyz` has turned 503, for a balancer's health checks to notice; `SHUTDOWN_GRACE_SECONDS` (default 10)
   * how long requests in flight, and the job in hand, then have to finish before their connections are closed and
   * the job's lease is given back.
   */
  readonly shutdown: { readonly drainMs: number; readonly graceMs: number };
}

/**
 * How long a stopping process waits, past the drain and the grace, for what it holds to let go (the job worker's
 * give-back, the database pool, Redis): normally milliseconds, but a pool waits for every connection to be returned,
 * and a handler whose job was given back holds its own until it notices. After it the process stops without them
 * (its connections closed with it, their transactions rolled back). Process managers must allow drain + grace + this.
 */
export const SHUTDOWN_CLOSE_MS = 5_000;

/** Thrown when the environment holds a value Spindle cannot use; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and checks the configuration; throws ConfigError listing every problem at once. Relative folders are taken from
 * `cwd` (a command run in-process by `runCli` has a working folder of its own).
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const v = raw.toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };
  const url = (name: string, fallback: string, protocols: readonly string[]): string => {
    const raw = read(name) ?? fallback;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      if (u.search || u.hash) throw new Error('query');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be an absolute ${protocols.join(' or ')} URL without query, got "${raw}"`);
      return fallback;
    }
  };

  const port = integer('PORT', 3000, 0, 65535);
  const host = read('HOST') ?? '0.0.0.0';
  const baseUrl = url('BASE_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const webUrl = url('WEB_URL', baseUrl, ['http:', 'https:']);
  const brand = read('BRAND') ?? 'Service';
  if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(brand)) {
    problems.push(`BRAND must be a word of letters and digits starting with a letter, got "${brand}"`);
  }
  const siteName = read('SITE_NAME')?.trim() ?? 'Spindle';
  if (siteName === '' || siteName.length > 60 || /[\u0000-\u001f]/.test(siteName)) {
    problems.push(`SITE_NAME must be 1 to 60 printable characters, got "${read('SITE_NAME')}"`);
  }
  const dialectRaw = read('DIALECT') ?? (brand.toLowerCase() === 'discogs' ? 'discogs' : 'spec');
  if (dialectRaw !== 'spec' && dialectRaw !== 'discogs') {
    problems.push(`DIALECT must be spec or discogs, got "${dialectRaw}"`);
  }
  const dialect: Dialect = dialectRaw === 'discogs' ? 'discogs' : 'spec';
  const userPathSegment = read('USER_PATH_SEGMENT') ?? (dialect === 'discogs' ? 'users' : 's');
  if (userPathSegment !== 's' && userPathSegment !== 'users') {
    problems.push(`USER_PATH_SEGMENT must be s or users, got "${userPathSegment}"`);
  }
  const storageRaw = read('STORAGE')?.toLowerCase() ?? 'sql';
  if (storageRaw !== 'sql' && storageRaw !== 'memory') problems.push(`STORAGE must be sql or memory, got "${read('STORAGE')}"`);
  const storage: StorageKind = storageRaw === 'memory' ? 'memory' : 'sql';
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined) url('DATABASE_URL', '', ['postgres:', 'postgresql:']);
  const redisUrl = read('REDIS_URL');
  if (redisUrl !== undefined) url('REDIS_URL', '', ['redis:', 'rediss:']);
  const rateLimitStoreFailure = (read('RATE_LIMIT_STORE_FAILURE')?.toLowerCase() ?? 'open') as RateLimitStoreFailure;
  if (!RATE_LIMIT_STORE_FAILURES.includes(rateLimitStoreFailure)) {
    problems.push(`RATE_LIMIT_STORE_FAILURE must be open or closed, got "${read('RATE_LIMIT_STORE_FAILURE')}"`);
  }
  const webConcurrency = integer('WEB_CONCURRENCY', databaseUrl && storage === 'sql' ? defaultWebConcurrency(databaseUrl, os.availableParallelism()) : 1, 1, 64);
  if (webConcurrency > 1 && storage === 'memory') {
    problems.push(`WEB_CONCURRENCY above 1 needs STORAGE=sql (each process's memory is its own), got "${read('WEB_CONCURRENCY')}"`);
  } else if (webConcurrency > 1 && databaseUrl === undefined && read('WEB_CONCURRENCY') !== undefined) {
    problems.push(
      `WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database admits one process), got "${read('WEB_CONCURRENCY')}"`,
    );
  }
  const logLevel = (read('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const imageSigningSecret = read('IMAGE_SIGNING_SECRET');
  if (imageSigningSecret !== undefined && imageSigningSecret.length < 32) {
    problems.push('IMAGE_SIGNING_SECRET must be at least 32 characters long');
  }
  const metricsToken = read('METRICS_TOKEN');
  if (metricsToken !== undefined && (metricsToken.length < 32 || !/^[\x21-\x7e]+$/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 32 printable characters without spaces');
  }
  const metricsPortRaw = read('METRICS_PORT');
  const metricsPort = metricsPortRaw === undefined ? undefined : integer('METRICS_PORT', 0, 1, 65_535);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    problems.push(`METRICS_PORT must differ from PORT (the metrics port is for the monitor alone), got "${metricsPortRaw}"`);
  }
  const config: Config = {
    host,
    port,
    baseUrl,
    webUrl,
    brand,
    siteName,
    dialect,
    userPathSegment,
    storage,
    databaseUrl,
    dataDir: path.resolve(cwd, read('DATA_DIR') ?? 'data'),
    diskReserveBytes: integer('DISK_RESERVE_BYTES', 134_217_728, 0, Number.MAX_SAFE_INTEGER),
    imageDir: path.resolve(cwd, read('IMAGE_DIR') ?? path.join(read('DATA_DIR') ?? 'data', 'images')),
    mailDir: path.resolve(cwd, read('MAIL_DIR') ?? path.join(read('DATA_DIR') ?? 'data', 'mail')),
    fileDir: path.resolve(cwd, read('FILE_DIR') ?? path.join(read('DATA_DIR') ?? 'data', 'files')),
    exportRetentionHours: integer('EXPORT_RETENTION_HOURS', DEFAULT_EXPORT_RETENTION_HOURS, 1, 87_600),
    eventRetentionDays: integer('EVENT_RETENTION_DAYS', 30, 1, 3_650),
    uploadMaxBytes: integer('UPLOAD_MAX_BYTES', DEFAULT_UPLOAD_MAX_BYTES, 1024, 4_294_967_296),
    imageSigningSecret,
    redisUrl,
    rateLimitStoreFailure,
    rateLimit: {
      anonymousPerWindow: integer('RATE_LIMIT_ANONYMOUS', 25, 1, 10_000_000),
      authenticatedPerWindow: integer('RATE_LIMIT_AUTHENTICATED', 60, 1, 10_000_000),
      windowSeconds: integer('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
      pagesPerWindow: integer('RATE_LIMIT_PAGES', 300, 1, 10_000_000),
    },
    blockGenericUserAgents: bool('BLOCK_GENERIC_USER_AGENTS', true),
    logLevel,
    trustProxy: bool('TRUST_PROXY', false),
    maxBodyBytes: integer('MAX_BODY_BYTES', 1_048_576, 1024, 1_073_741_824),
    searchTimeoutMs: integer('SEARCH_TIMEOUT_MS', 10_000, 1, 600_000),
    webConcurrency: databaseUrl ? webConcurrency : 1,
    feeRule: feeRuleFromEnv(read, problems),
    jobs: {
      leaseSeconds: integer('JOB_LEASE_SECONDS', 60, 1, 86_400),
      pollMs: integer('JOB_POLL_MS', 1000, 10, 3_600_000),
      workerInServer: bool('JOB_WORKER', true),
    },
    webhooks: {
      allowPrivate: bool('WEBHOOK_ALLOW_PRIVATE', false),
      connectTimeoutMs: integer('WEBHOOK_CONNECT_TIMEOUT_MS', 5000, 10, 600_000),
      totalTimeoutMs: integer('WEBHOOK_TIMEOUT_MS', 10_000, 10, 600_000),
      maxResponseBytes: integer('WEBHOOK_MAX_RESPONSE_BYTES', 4096, 0, 1_048_576),
      concurrency: integer('WEBHOOK_CONCURRENCY', 4, 1, 256),
      retryBaseMs: integer('WEBHOOK_RETRY_BASE_MS', 10_000, 1, 86_400_000),
      retryMaxMs: integer('WEBHOOK_RETRY_MAX_MS', 3_600_000, 1, 86_400_000),
      retryWindowMs: integer('WEBHOOK_RETRY_WINDOW_SECONDS', 86_400, 0, 30 * 86_400) * 1000,
      logRetentionDays: integer('WEBHOOK_LOG_RETENTION_DAYS', 30, 1, 3650),
    },
    metrics: {
      token: metricsToken,
      port: metricsPort === 0 ? undefined : metricsPort,
      host: read('METRICS_HOST') ?? host,
      public: bool('METRICS_PUBLIC', false),
    },
    readinessTimeoutMs: integer('READINESS_TIMEOUT_MS', 2000, 50, 60_000),
    shutdown: {
      drainMs: integer('SHUTDOWN_DRAIN_SECONDS', 0, 0, 3600) * 1000,
      graceMs: integer('SHUTDOWN_GRACE_SECONDS', 10, 0, 3600) * 1000,
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * Redis did not answer the check made at start (or refused it). The message names the server without its password,
 * the time waited and the cause, ready to print as it is.
 */
export class RedisUnavailable extends Error {
  /** The Redis URL without its password. */
  readonly url: string;

  constructor(url: string, timeoutMs: number, cause: unknown) {
    const at = redactedUrl(url);
    const reason = reasonOf(cause);
    const message = isReplyError(cause)
      ? `Redis at ${at} refused the connection (${reason}).`
      : `Redis at ${at} did not answer within ${timeoutMs / 1000} s${reason ? ` (${reason})` : ''}.`;
    super(message, { cause });
    this.name = 'RedisUnavailable';
    this.url = at;
  }
}

/** `redis://user:secret@host:6379/0` → `redis://user@host:6379/0`: the URL as it is safe to print. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.href;
  } catch {
    return 'the configured Redis URL';
  }
}

/** `connect ECONNREFUSED`, `getaddrinfo ENOTFOUND`, or the error's first line; empty for a plain timeout. */
function reasonOf(cause: unknown): string {
  if (!(cause instanceof Error)) return '';
  const { code, syscall } = cause as Error & { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && typeof syscall === 'string') return `${syscall} ${code}`;
  if (typeof code === 'string') return code;
  return cause.message.split('\n', 1)[0] ?? '';
}

/** An error reply from the server (WRONGPASS, NOAUTH, …): it answered, but said no. */
function isReplyError(cause: unknown): boolean {
  return cause instanceof Error && cause.name === 'ReplyError';
}

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { messageBody } from './json-body.js';

/** The status and message for each kind of request Node's HTTP parser refuses before Koa sees it. */
const ANSWERS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, "The request's URL or headers are too large."],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "The request's chunk extensions are too large."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time.'],
};
const MALFORMED: readonly [number, string] = [400, 'The request is not valid HTTP.'];

/** How long a refused client has to close its end after the answer before the socket is destroyed. */
const LINGER_MS = 1000;

// Sockets already answered: the parser may report the same request again as more of it arrives.
const answered = new WeakSet<Duplex>();

/**
 * Node's `clientError` listener: `server.on('clientError', handleClientError)`. Answers what the parser refuses with
 * the API's JSON error form instead of Node's empty one: an oversized URL or header block (`HPE_HEADER_OVERFLOW`)
 * with 431, a request that took too long with 408, any other parse error with 400; always `Connection: close`.
 *
 * A socket that can no longer be written (the client reset it, or a response on it has already begun) is only
 * destroyed. After the answer the socket is ended, so the client reads the whole answer even while it is still
 * sending, and destroyed if the client has not closed its end shortly after.
 */
export function handleClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (answered.has(socket)) return;
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] = (err.code !== undefined ? ANSWERS[err.code] : undefined) ?? MALFORMED;
  const body = messageBody(message);
  answered.add(socket);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Date: ${new Date().toUTCString()}\r\n` +
      'Content-Type: application/json\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n' +
      '\r\n' +
      body,
  );
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

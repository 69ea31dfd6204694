import type { Logger } from '../../application/ports/logger.js';
import type { Caller } from '../../application/shared/caller.js';
import type { TextFormat } from '../../domain/text/text-format.js';

/** What the middleware chain puts on `ctx.state` for the handlers below it. */
export interface SpindleState {
  requestId: string;
  log: Logger;
  /** The text format negotiated from the Accept header. */
  textFormat: TextFormat;
  /** Who is calling, as the credential resolution established it; decides the rate-limit tier. */
  caller: Caller;
  /**
   * Credentials that were presented but refused: the request is counted as anonymous by the rate limit, then
   * answered with this error (so that guessing credentials is rate limited like anything else).
   */
  credentialError?: Error;
}

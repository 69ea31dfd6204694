import type { Logger } from '../../application/ports/logger.js';
import type { TextFormat } from '../../domain/text/text-format.js';

/** What the middleware chain puts on `ctx.state` for the handlers below it. */
export interface SpindleState {
  requestId: string;
  log: Logger;
  /** The text format negotiated from the Accept header. */
  textFormat: TextFormat;
  /** Whether the request carries valid credentials (any mode); decides the rate-limit tier. */
  authenticated: boolean;
}

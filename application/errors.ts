/**
 * The refusals a use case may throw. Each carries the exact client-facing message; the HTTP adapter maps the class
 * to a status code in one table, and embedding callers catch the same classes.
 */
export abstract class ApplicationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The resource does not exist (404). */
export class NotFound extends ApplicationError {
  static readonly GENERIC = 'The requested resource was not found.';
  constructor(message: string = NotFound.GENERIC) {
    super(message);
  }
}

/** The request is malformed in a way the HTTP layer cannot tell by itself, e.g. an OAuth request missing a parameter (400). */
export class BadRequest extends ApplicationError {}

/** The request's URL (path and query) is longer than the service reads (414). */
export class UriTooLong extends ApplicationError {}

/** The caller must authenticate (401). */
export class Unauthenticated extends ApplicationError {
  constructor(message = 'You must authenticate to access this resource.') {
    super(message);
  }
}

/** The caller is known but may not do this (403). */
export class Forbidden extends ApplicationError {
  constructor(message = "You don't have permission to access this resource.") {
    super(message);
  }
}

/**
 * The calling user's email address is not confirmed yet, and this is something only confirmed accounts may do
 * (ADR 0064: selling, checking out, order messages) (403). Pages offer the way to confirm beside the message.
 */
export class EmailUnconfirmed extends Forbidden {
  static readonly MESSAGE =
    'Confirm your email address first: open the link we mailed to it, or have a new one sent from the email settings page of the website.';
  constructor() {
    super(EmailUnconfirmed.MESSAGE);
  }
}

/** The request is semantically wrong: a missing, malformed or out-of-range parameter (422). */
export class Invalid extends ApplicationError {}

/** The request conflicts with the current state, e.g. a job already running (409). */
export class Conflict extends ApplicationError {}

/** The request body (an uploaded file) is larger than the service takes (413). */
export class PayloadTooLarge extends ApplicationError {}

/** The request body is of a type the operation does not take (415). */
export class UnsupportedMediaType extends ApplicationError {}

/** Too many requests in the current window (429); `retryAfterSeconds` tells when to try again. */
export class RateLimited extends ApplicationError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'You are making requests too quickly.',
  ) {
    super(message);
  }
}

/**
 * The service cannot answer now because something it depends on is down (503); `retryAfterSeconds` tells when to
 * try again.
 */
export class Unavailable extends ApplicationError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'The service is temporarily unavailable.',
  ) {
    super(message);
  }
}

/**
 * A search took longer than the service allows (500, as the spec has it, with its message asking for a simpler query).
 */
export class QueryTimeExceeded extends ApplicationError {
  constructor(message = 'Query time exceeded. Please try a simpler query.') {
    super(message);
  }
}

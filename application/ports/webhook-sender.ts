/** One signed POST to a receiver. */
export interface WebhookRequest {
  readonly url: string;
  /** The subscription's signing secret. */
  readonly secret: string;
  readonly eventId: number;
  readonly eventType: string;
  /** Seconds since the epoch: the `Spindle-Webhook-Timestamp` header, signed with the body. */
  readonly timestamp: number;
  /** The JSON body, exactly as sent and signed. */
  readonly body: string;
}

/** What came of it: a 2xx status is success; anything else (or no answer) a failure with its reason. */
export interface WebhookResponse {
  readonly ok: boolean;
  readonly status: number | null;
  readonly durationMs: number;
  /** The start of the response body, cut at the sender's limit. */
  readonly excerpt: string;
  /** Why it failed (status, timeout, refused address…), or null when ok. */
  readonly error: string | null;
}

/**
 * Sends webhook requests: signs them (HMAC-SHA256 of `timestamp + "." + body` under the secret), never follows a
 * redirect, gives up after its connect and total timeouts, reads at most a limit of the response, and refuses to
 * connect to private, loopback and other non-public addresses unless its operator allowed them, checked on the
 * address actually connected to. Never throws for the receiver's faults: they are failed responses.
 */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

/**
 * Checks a subscription's URL before it is stored: an https URL (http too when the operator allows private
 * addresses) whose host is not a non-public address literal; the message of the refusal, or null when fine. Names
 * are checked again when connecting (they may resolve differently then).
 */
export interface WebhookUrlPolicy {
  refusal(url: string): string | null;
}

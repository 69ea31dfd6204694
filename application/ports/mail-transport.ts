/** A plain-text email to one address. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Sends mail. The default adapter writes each message as an `.eml` file into a folder (`MAIL_DIR`), for an operator
 * to deliver or read; an SMTP adapter would implement the same. A failure to hand the message on throws.
 */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

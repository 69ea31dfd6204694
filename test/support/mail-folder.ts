import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A mail the app sent, decoded from its `.eml` file: recipient, subject and text. */
export interface SentMail {
  readonly to: string | undefined;
  readonly subject: string | undefined;
  readonly text: string;
}

/**
 * A temporary folder for the app's mail transport (give `dir` as its `MAIL_DIR`), read as a mailbox: the mails
 * written since the last look. Remove it in `after`.
 */
export class MailFolder {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-mail-'));
  private readonly seen = new Set<string>();

  /** The mails written since the last call, oldest first. */
  newMails(): SentMail[] {
    const names = fs.readdirSync(this.dir).filter((n) => n.endsWith('.eml') && !this.seen.has(n)).sort();
    return names.map((name) => {
      this.seen.add(name);
      const [head, body] = fs.readFileSync(path.join(this.dir, name), 'utf8').split('\r\n\r\n');
      const header = (h: string) => new RegExp(`^${h}: (.*)$`, 'm').exec(head!)?.[1]?.trim();
      return { to: header('To'), subject: header('Subject'), text: Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8') };
    });
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The password reset link a mail's text holds (`…/password-reset/confirm?reset=TOKEN`), or undefined. */
export function resetLinkIn(text: string): URL | undefined {
  const link = /http\S*\/password-reset\/confirm\?reset=[A-Za-z0-9]+/.exec(text)?.[0];
  return link === undefined ? undefined : new URL(link);
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage, MailTransport } from '../../application/ports/mail-transport.js';

/** A header value on one line: line breaks (which would start a header of the caller's making) become spaces. */
const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ');

/** A header's text in RFC 2047's encoded-word form when it is not plain ASCII. */
const headerText = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/**
 * Mail as `.eml` files (RFC 5322, UTF-8 text in base64) in a folder (`MAIL_DIR`), one per message, named by the time
 * it was written and a random part so that names sort by time and never clash between instances. A file is written
 * beside its name (`.part`) and renamed, so a reader of the folder never sees half a message. Any mail client opens
 * them; an operator's relay can pick them up, or an SMTP adapter replace this one.
 */
export class FolderMailTransport implements MailTransport {
  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const at = this.now();
    const name = `${at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
    const body = Buffer.from(message.text.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
    const eml = [
      `From: ${oneLine(this.from)}`,
      `To: ${oneLine(message.to)}`,
      `Subject: ${headerText(oneLine(message.subject))}`,
      `Date: ${at.toUTCString()}`,
      `Message-ID: <${name.slice(0, -4)}@spindle.invalid>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      body,
      '',
    ].join('\r\n');
    await fs.mkdir(this.folder, { recursive: true });
    const target = path.join(this.folder, name);
    await fs.writeFile(`${target}.part`, eml, { mode: 0o600 });
    await fs.rename(`${target}.part`, target);
  }
}

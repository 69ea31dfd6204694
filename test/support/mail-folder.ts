import fs from 'node:fs';
import path from 'node:path';

/** A mail the folder transport wrote, decoded. */
export interface WrittenMail {
  readonly to: string | undefined;
  readonly subject: string | undefined;
  readonly text: string;
}

/**
 * A reader of the mail folder (`MAIL_DIR`) that the folder transport writes `.eml` files into: each call answers the
 * mails written since the last call, oldest first, decoded (recipient, subject, text).
 */
export function mailReader(folder: () => string): () => WrittenMail[] {
  const seen = new Set<string>();
  return () => {
    const names = fs.readdirSync(folder()).filter((n) => n.endsWith('.eml') && !seen.has(n)).sort();
    return names.map((name) => {
      seen.add(name);
      const [head, body] = fs.readFileSync(path.join(folder(), name), 'utf8').split('\r\n\r\n');
      const header = (h: string) => new RegExp(`^${h}: (.*)$`, 'm').exec(head!)?.[1]?.trim();
      return { to: header('To'), subject: header('Subject'), text: Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8') };
    });
  };
}

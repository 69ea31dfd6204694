import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageSigner } from '../../application/ports/image-store.js';

/**
 * HMAC-SHA256 of the whole image key under a server secret, base64url, 32 characters (192 bits): changing any
 * character of the key or the signature makes it fail. The secret comes from `secret()` (configuration, or one kept
 * in the database so every instance shares it), asked once.
 */
export class HmacImageSigner implements ImageSigner {
  private key: Promise<string> | undefined;

  constructor(private readonly secret: () => Promise<string>) {}

  private async mac(key: string): Promise<string> {
    this.key ??= this.secret();
    return createHmac('sha256', await this.key).update(key, 'utf8').digest('base64url').slice(0, 32);
  }

  sign(key: string): Promise<string> {
    return this.mac(key);
  }

  async verify(key: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.mac(key));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

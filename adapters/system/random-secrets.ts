import { createHash, createHmac, randomInt } from 'node:crypto';
import type { HmacSha1 } from '../../application/ports/hmac.js';
import type { SecretDigest, SecretGenerator } from '../../application/ports/secrets.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Secrets of letters and digits from the operating system's secure generator (about 5.95 bits a character). */
export class RandomSecretGenerator implements SecretGenerator {
  generate(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    return out;
  }
}

/** SHA-256 (hex) of a secret: enough for random tokens of 238 bits, which no one can search for. */
export class Sha256SecretDigest implements SecretDigest {
  digest(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}

/** HMAC-SHA1 (base64) from `node:crypto`, for OAuth 1.0a signatures. */
export class NodeHmacSha1 implements HmacSha1 {
  sign(key: string, text: string): string {
    return createHmac('sha1', key).update(text, 'utf8').digest('base64');
  }
}

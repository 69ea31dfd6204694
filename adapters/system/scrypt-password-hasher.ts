import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';

/** scrypt's cost parameters: N (CPU and memory cost, a power of two), r (block size), p (parallelism). */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** 2¹⁵, 8, 1: 32 MiB of memory and some 50–100 ms a hash here; see ADR 0010. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + (1 << 20) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Passwords hashed with scrypt (Node's own, memory-hard), encoded as `scrypt$N$r$p$salt$hash` (base64url), so a hash
 * keeps the cost it was made with when the default changes. Passwords are NFKC-normalised first, so the same
 * password typed on another keyboard matches.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly cost: ScryptCost = DEFAULT_SCRYPT_COST) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.cost);
    const { N, r, p } = this.cost;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    const parts = encoded.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
    const salt = Buffer.from(parts[4]!, 'base64url');
    const expected = Buffer.from(parts[5]!, 'base64url');
    if (expected.length !== KEY_LENGTH) return false;
    const key = await derive(password, salt, { N, r, p });
    return timingSafeEqual(key, expected);
  }
}

import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../../../application/ports/clock.js';
import type { NonceStore } from '../../../application/ports/nonce-store.js';
import { query } from '../mikro-orm-unit-of-work.js';

/**
 * OAuth nonces in `oauth_nonce`, shared by every instance on the database: a claim is an insert that does nothing
 * when the key is there and not expired. Expired rows are deleted now and then, by the claims themselves.
 */
export class SqlNonceStore implements NonceStore {
  private claims = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    const now = this.clock.now();
    const expires = new Date(now.getTime() + ttlSeconds * 1000);
    if (++this.claims % 1000 === 1) await query(this.orm, 'delete from oauth_nonce where expires_at < ?', [now]);
    const rows = await query(
      this.orm,
      `insert into oauth_nonce (key, expires_at) values (?, ?)
       on conflict (key) do update set expires_at = excluded.expires_at where oauth_nonce.expires_at < ?
       returning key`,
      [key, expires, now],
    );
    return rows.length > 0;
  }
}

import type { EntityClass } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ClientApplication, OAuthToken, PersonalToken, User, WebSession } from '../../../domain/identity/accounts.js';
import { query } from '../mikro-orm-unit-of-work.js';
import {
  applicationOf,
  oauthTokenOf,
  personalTokenOf,
  userOf,
  webSessionOf,
  type ApplicationData,
  type OAuthTokenData,
  type PersonalTokenData,
  type UserData,
  type WebSessionData,
} from './identity-row-mappers.js';
import { ApplicationRow, OAuthTokenRow, PersonalTokenRow, UserRow, WebSessionRow } from './identity-rows.js';

/**
 * The identity lookups every authenticated request makes (a personal token, a web session or an OAuth application and
 * access token, then the user), in hand-written SQL: through the ORM they cost 2-4 times as much (bench/
 * identity-lookups.ts, ADR 0039). Each selects the whole row by its unique key; the driver maps it to property names
 * and the one mapper of its row (identity-row-mappers.ts) makes the domain value, as for the ORM's reads.
 */
export class SqlIdentityLookups {
  constructor(private readonly orm: MikroORM) {}

  private async one<T extends object, D>(entity: EntityClass<T>, sql: string, params: unknown[]): Promise<D | null> {
    const [row] = await query(this.orm, sql, params);
    if (!row) return null;
    return this.orm.em.getDriver().mapResult(row as never, this.orm.getMetadata().get(entity.name)) as D;
  }

  async userById(id: number): Promise<User | null> {
    const row = await this.one<UserRow, UserData>(UserRow, 'select * from app_user where id = ?', [id]);
    return row ? userOf(row) : null;
  }

  async personalTokenByDigest(digest: string): Promise<PersonalToken | null> {
    const row = await this.one<PersonalTokenRow, PersonalTokenData>(PersonalTokenRow, 'select * from personal_token where digest = ?', [digest]);
    return row ? personalTokenOf(row) : null;
  }

  async applicationByConsumerKey(key: string): Promise<ClientApplication | null> {
    const row = await this.one<ApplicationRow, ApplicationData>(ApplicationRow, 'select * from client_application where consumer_key = ?', [key]);
    return row ? applicationOf(row) : null;
  }

  async oauthToken(token: string): Promise<OAuthToken | null> {
    const row = await this.one<OAuthTokenRow, OAuthTokenData>(OAuthTokenRow, 'select * from oauth_token where token = ?', [token]);
    return row ? oauthTokenOf(row) : null;
  }

  async liveSession(digest: string, now: Date): Promise<WebSession | null> {
    const row = await this.one<WebSessionRow, WebSessionData>(WebSessionRow, 'select * from web_session where digest = ? and expires_at > ?', [digest, now]);
    return row ? webSessionOf(row) : null;
  }
}

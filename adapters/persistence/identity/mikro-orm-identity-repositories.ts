import type { MikroORM } from '@mikro-orm/postgresql';
import type { ClientApplication, OAuthToken, PersonalToken, ProfileChanges, User, WebSession } from '../../../domain/identity/accounts.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { NonceStore } from '../../../application/ports/nonce-store.js';
import { emailKey } from '../../../domain/identity/email.js';
import {
  nameTaken,
  type ApplicationRepository,
  type OAuthTokenRepository,
  type PersonalTokenRepository,
  type UserRepository,
  type WebSessionRepository,
} from '../../../domain/identity/identity-repositories.js';
import { loginKey } from '../../../domain/identity/login-name.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf } from '../sql-values.js';
import { isCurrency, type Currency } from '../../../domain/marketplace/currency.js';

type Row = Record<string, unknown>;


/** A stored profile currency: only ever one the service knows (every writer checks it); anything else is corrupt data. */
function storedCurrency(code: string): Currency {
  if (!isCurrency(code)) throw new Error(`A user's stored currency "${code}" is not one the service knows.`);
  return code;
}

function toUser(r: Row): User {
  return {
    id: Number(r.id),
    username: String(r.username),
    realName: String(r.real_name),
    email: String(r.email),
    passwordHash: String(r.password_hash),
    registeredAt: dateOf(r.registered_at),
    homePage: String(r.home_page),
    location: String(r.location),
    profile: String(r.profile),
    currency: storedCurrency(String(r.curr_abbr).trim()),
  };
}

function toApplication(r: Row): ClientApplication {
  return {
    id: String(r.id),
    name: String(r.name),
    ownerId: Number(r.owner_id),
    consumerKey: String(r.consumer_key),
    consumerSecret: String(r.consumer_secret),
    callbackUrl: r.callback_url === null ? null : String(r.callback_url),
    createdAt: dateOf(r.created_at),
  };
}

function toToken(r: Row): PersonalToken {
  return {
    id: String(r.id),
    userId: Number(r.user_id),
    label: String(r.label),
    digest: String(r.digest),
    lastCharacters: String(r.last_characters),
    createdAt: dateOf(r.created_at),
    revokedAt: r.revoked_at === null ? null : dateOf(r.revoked_at),
  };
}

/** SQLSTATE of a unique violation, and the constraint it names. */
function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return undefined;
  return e.constraint ?? e.message ?? '';
}

/** Users in `app_user`, through the current unit of work. */
export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(user: Omit<User, 'id'>): Promise<User> {
    try {
      const [row] = await query(
        this.orm,
        `insert into app_user (username, login_key, real_name, email, email_key, password_hash, registered_at,
                               home_page, location, profile, curr_abbr)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
        [
          user.username,
          loginKey(user.username),
          user.realName,
          user.email,
          emailKey(user.email),
          user.passwordHash,
          user.registeredAt,
          user.homePage,
          user.location,
          user.profile,
          user.currency,
        ],
      );
      return toUser(row!);
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint !== undefined) throw constraint.includes('email') ? nameTaken('email', user.email) : nameTaken('login name', user.username);
      throw err;
    }
  }

  async byId(id: number): Promise<User | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const [row] = await query(this.orm, 'select * from app_user where id = ?', [id]);
    return row ? toUser(row) : null;
  }

  async byLoginName(name: string): Promise<User | null> {
    const [row] = await query(this.orm, 'select * from app_user where login_key = ?', [loginKey(name)]);
    return row ? toUser(row) : null;
  }

  async byEmail(email: string): Promise<User | null> {
    const [row] = await query(this.orm, 'select * from app_user where email_key = ?', [emailKey(email)]);
    return row ? toUser(row) : null;
  }

  async updateProfile(id: number, changes: ProfileChanges): Promise<User | null> {
    const columns: Array<[string, unknown]> = [];
    if (changes.realName !== undefined) columns.push(['real_name', changes.realName]);
    if (changes.homePage !== undefined) columns.push(['home_page', changes.homePage]);
    if (changes.location !== undefined) columns.push(['location', changes.location]);
    if (changes.profile !== undefined) columns.push(['profile', changes.profile]);
    if (changes.currency !== undefined) columns.push(['curr_abbr', changes.currency]);
    if (columns.length === 0) return this.byId(id);
    const rows = await query(
      this.orm,
      `update app_user set ${columns.map(([c]) => `${c} = ?`).join(', ')} where id = ? returning *`,
      [...columns.map(([, v]) => v), id],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }
}

/** Applications in `client_application`, through the current unit of work. */
export class MikroOrmApplicationRepository implements ApplicationRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(a: ClientApplication): Promise<void> {
    await query(
      this.orm,
      `insert into client_application (id, name, owner_id, consumer_key, consumer_secret, callback_url, created_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [a.id, a.name, a.ownerId, a.consumerKey, a.consumerSecret, a.callbackUrl, a.createdAt],
    );
  }

  async byConsumerKey(key: string): Promise<ClientApplication | null> {
    const [row] = await query(this.orm, 'select * from client_application where consumer_key = ?', [key]);
    return row ? toApplication(row) : null;
  }

  async byId(id: string): Promise<ClientApplication | null> {
    const [row] = await query(this.orm, 'select * from client_application where id = ?', [id]);
    return row ? toApplication(row) : null;
  }

  async ownedBy(userId: number): Promise<ClientApplication[]> {
    const rows = await query(this.orm, 'select * from client_application where owner_id = ? order by created_at, id', [userId]);
    return rows.map(toApplication);
  }
}

/** Personal tokens in `personal_token`, through the current unit of work. */
export class MikroOrmPersonalTokenRepository implements PersonalTokenRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(t: PersonalToken): Promise<void> {
    await query(
      this.orm,
      `insert into personal_token (id, user_id, label, digest, last_characters, created_at, revoked_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [t.id, t.userId, t.label, t.digest, t.lastCharacters, t.createdAt, t.revokedAt],
    );
  }

  async byDigest(digest: string): Promise<PersonalToken | null> {
    const [row] = await query(this.orm, 'select * from personal_token where digest = ?', [digest]);
    return row ? toToken(row) : null;
  }

  async byId(id: string): Promise<PersonalToken | null> {
    const [row] = await query(this.orm, 'select * from personal_token where id = ?', [id]);
    return row ? toToken(row) : null;
  }

  async ofUser(userId: number): Promise<PersonalToken[]> {
    const rows = await query(this.orm, 'select * from personal_token where user_id = ? order by created_at desc, id', [userId]);
    return rows.map(toToken);
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const rows = await query(
      this.orm,
      'update personal_token set revoked_at = coalesce(revoked_at, ?) where id = ? returning id',
      [at, id],
    );
    return rows.length > 0;
  }
}

function toOAuthToken(r: Row): OAuthToken {
  const optionalDate = (v: unknown): Date | null => (v === null ? null : dateOf(v));
  return {
    token: String(r.token),
    secret: String(r.secret),
    kind: r.kind === 'access' ? 'access' : 'request',
    applicationId: String(r.application_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    callback: r.callback === null ? null : String(r.callback),
    verifier: r.verifier === null ? null : String(r.verifier),
    createdAt: dateOf(r.created_at),
    authorizedAt: optionalDate(r.authorized_at),
    usedAt: optionalDate(r.used_at),
    revokedAt: optionalDate(r.revoked_at),
  };
}

/** OAuth request and access tokens in `oauth_token`, through the current unit of work. */
export class MikroOrmOAuthTokenRepository implements OAuthTokenRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(t: OAuthToken): Promise<void> {
    await query(
      this.orm,
      `insert into oauth_token (token, secret, kind, application_id, user_id, callback, verifier, created_at, authorized_at, used_at, revoked_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [t.token, t.secret, t.kind, t.applicationId, t.userId, t.callback, t.verifier, t.createdAt, t.authorizedAt, t.usedAt, t.revokedAt],
    );
  }

  async byToken(token: string): Promise<OAuthToken | null> {
    const [row] = await query(this.orm, 'select * from oauth_token where token = ?', [token]);
    return row ? toOAuthToken(row) : null;
  }

  async authorize(token: string, userId: number, verifier: string, at: Date): Promise<boolean> {
    const rows = await query(
      this.orm,
      `update oauth_token set user_id = ?, verifier = ?, authorized_at = ?
        where token = ? and kind = 'request' and authorized_at is null and used_at is null returning token`,
      [userId, verifier, at, token],
    );
    return rows.length > 0;
  }

  async markUsed(token: string, at: Date): Promise<boolean> {
    const rows = await query(
      this.orm,
      `update oauth_token set used_at = ? where token = ? and kind = 'request' and used_at is null returning token`,
      [at, token],
    );
    return rows.length > 0;
  }

  async remove(token: string): Promise<void> {
    await query(this.orm, `delete from oauth_token where token = ? and kind = 'request'`, [token]);
  }

  async revokeAccess(userId: number, applicationId: string, at: Date): Promise<number> {
    const rows = await query(
      this.orm,
      `update oauth_token set revoked_at = ?
        where user_id = ? and application_id = ? and kind = 'access' and revoked_at is null returning token`,
      [at, userId, applicationId],
    );
    return rows.length;
  }

  async connectedApplications(userId: number): Promise<Array<{ applicationId: string; since: Date }>> {
    const rows = await query(
      this.orm,
      `select application_id, min(authorized_at) as since from oauth_token
        where user_id = ? and kind = 'access' and revoked_at is null
        group by application_id order by min(authorized_at), application_id`,
      [userId],
    );
    return rows.map((r) => ({ applicationId: String(r.application_id), since: dateOf(r.since) }));
  }
}

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

/** Web sessions in `web_session` (digests of the cookies), shared by every instance on the database. */
export class MikroOrmWebSessionRepository implements WebSessionRepository {
  private adds = 0;

  constructor(private readonly orm: MikroORM) {}

  async add(session: WebSession): Promise<void> {
    if (++this.adds % 100 === 1) await query(this.orm, 'delete from web_session where expires_at < ?', [session.createdAt]);
    await query(this.orm, 'insert into web_session (digest, user_id, created_at, expires_at) values (?, ?, ?, ?)', [
      session.digest,
      session.userId,
      session.createdAt,
      session.expiresAt,
    ]);
  }

  async live(digest: string, now: Date): Promise<WebSession | null> {
    const [row] = await query(this.orm, 'select * from web_session where digest = ? and expires_at > ?', [digest, now]);
    if (!row) return null;
    return { digest: String(row.digest), userId: Number(row.user_id), createdAt: dateOf(row.created_at), expiresAt: dateOf(row.expires_at) };
  }

  async remove(digest: string): Promise<void> {
    await query(this.orm, 'delete from web_session where digest = ?', [digest]);
  }
}

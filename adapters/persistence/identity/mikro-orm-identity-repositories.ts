import type { EntityClass, FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { raw, type MikroORM } from '@mikro-orm/postgresql';
import type { ApplicationChanges, ClientApplication, OAuthToken, OneTimeLink, OneTimeLinkPurpose, PersonalToken, ProfileChanges, User, WebSession } from '../../../domain/identity/accounts.js';
import { emailKey } from '../../../domain/identity/email.js';
import {
  DELETED_PASSWORD_HASH,
  deletedEmail,
  nameTaken,
  type ApplicationRepository,
  type OAuthTokenRepository,
  type PersonalTokenRepository,
  type UserRepository,
  type OneTimeLinkRepository,
  type WebSessionRepository,
} from '../../../domain/identity/identity-repositories.js';
import { loginKey } from '../../../domain/identity/login-name.js';
import { currentEntityManager, query } from '../mikro-orm-unit-of-work.js';
import { dateOf, idArray } from '../sql-values.js';
import {
  applicationOf,
  applicationRowOf,
  oauthTokenRowOf,
  personalTokenOf,
  personalTokenRowOf,
  userOf,
  userRowOf,
  webSessionRowOf,
  type ApplicationData,
  type PersonalTokenData,
  type UserData,
} from './identity-row-mappers.js';
import { ApplicationRow, OAuthTokenRow, OneTimeLinkRow, PersonalTokenRow, UserRow, WebSessionRow } from './identity-rows.js';
import { SqlIdentityLookups } from './sql-identity-lookups.js';

/*
 * The identity repositories through the ORM on their entity schemas, in the current unit of work. Their reads go
 * through the query builder's `execute` (rows mapped to property names, no entities), the shape the hand-written
 * lookups of every authenticated request (`SqlIdentityLookups`, kept in SQL by ADR 0039's figures) map to too, so
 * each row has one mapper (identity-row-mappers.ts).
 */

/** The rows matching `where` in property names, in `orderBy` order. */
function rows<T extends object, D>(orm: MikroORM, entity: EntityClass<T>, where: FilterQuery<T>, orderBy?: QueryOrderMap<T>[]): Promise<D[]> {
  const qb = currentEntityManager(orm).createQueryBuilder(entity).select('*').where(where);
  if (orderBy) qb.orderBy(orderBy);
  return qb.execute<D[]>('all');
}

async function row<T extends object, D>(orm: MikroORM, entity: EntityClass<T>, where: FilterQuery<T>): Promise<D | null> {
  return (await currentEntityManager(orm).createQueryBuilder(entity).select('*').where(where).execute<D | undefined>('get')) ?? null;
}

/** SQLSTATE of a unique violation, and the constraint it names. */
function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return undefined;
  return e.constraint ?? e.message ?? '';
}

/** Users in `app_user`; `byId` is a `SqlIdentityLookups` lookup. */
export class MikroOrmUserRepository implements UserRepository {
  private readonly lookups: SqlIdentityLookups;

  constructor(private readonly orm: MikroORM) {
    this.lookups = new SqlIdentityLookups(orm);
  }

  async add(user: Omit<User, 'id'>): Promise<User> {
    const data = userRowOf(user);
    try {
      const id = await currentEntityManager(this.orm).insert(UserRow, data);
      return userOf({ ...data, id: Number(id) });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint !== undefined) throw constraint.includes('email') ? nameTaken('email', user.email) : nameTaken('login name', user.username);
      throw err;
    }
  }

  async byId(id: number): Promise<User | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    return this.lookups.userById(id);
  }

  async byLoginName(name: string): Promise<User | null> {
    const found = await row<UserRow, UserData>(this.orm, UserRow, { loginKey: loginKey(name), deletedAt: null });
    return found ? userOf(found) : null;
  }

  async byEmail(email: string): Promise<User | null> {
    const found = await row<UserRow, UserData>(this.orm, UserRow, { emailKey: emailKey(email), deletedAt: null });
    return found ? userOf(found) : null;
  }

  async updateProfile(id: number, changes: ProfileChanges): Promise<User | null> {
    const set: Partial<UserData> = {};
    if (changes.realName !== undefined) set.realName = changes.realName;
    if (changes.homePage !== undefined) set.homePage = changes.homePage;
    if (changes.location !== undefined) set.location = changes.location;
    if (changes.profile !== undefined) set.profile = changes.profile;
    if (changes.currency !== undefined) set.currAbbr = changes.currency;
    if (Object.keys(set).length > 0 && (await currentEntityManager(this.orm).nativeUpdate(UserRow, { id }, set)) === 0) return null;
    return this.byId(id);
  }

  async changeEmail(id: number, email: string): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
    try {
      return (await currentEntityManager(this.orm).nativeUpdate(UserRow, { id }, { email, emailKey: emailKey(email) })) > 0;
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw nameTaken('email', email);
      throw err;
    }
  }

  async confirmEmail(id: number, email: string, at: Date): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
    try {
      const changes = { email, emailKey: emailKey(email), emailConfirmedAt: at };
      return (await currentEntityManager(this.orm).nativeUpdate(UserRow, { id, deletedAt: null }, changes)) > 0;
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw nameTaken('email', email);
      throw err;
    }
  }

  async changePassword(id: number, passwordHash: string): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
    return (await currentEntityManager(this.orm).nativeUpdate(UserRow, { id }, { passwordHash })) > 0;
  }

  async lock(ids: readonly number[], mode: 'share' | 'update'): Promise<User[]> {
    const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647).sort((a, b) => a - b);
    if (wanted.length === 0) return [];
    const locked = await query<UserData>(
      this.orm,
      `select * from app_user where id = any(?::int[]) and deleted_at is null order by id for ${mode === 'share' ? 'share' : 'update'}`,
      [idArray(wanted)],
    );
    const meta = this.orm.getMetadata().get(UserRow.name);
    return locked.map((r) => userOf(this.orm.em.getDriver().mapResult(r as never, meta) as UserData));
  }

  async markDeleted(id: number, at: Date): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
    const email = deletedEmail(id);
    const changes = { email, emailKey: emailKey(email), passwordHash: DELETED_PASSWORD_HASH, realName: '', homePage: '', location: '', profile: '', deletedAt: at };
    return (await currentEntityManager(this.orm).nativeUpdate(UserRow, { id, deletedAt: null }, changes)) > 0;
  }
}

/** Applications in `client_application`; `byConsumerKey` is a `SqlIdentityLookups` lookup. */
export class MikroOrmApplicationRepository implements ApplicationRepository {
  private readonly lookups: SqlIdentityLookups;

  constructor(private readonly orm: MikroORM) {
    this.lookups = new SqlIdentityLookups(orm);
  }

  async add(a: ClientApplication): Promise<void> {
    await currentEntityManager(this.orm).insert(ApplicationRow, applicationRowOf(a));
  }

  async byConsumerKey(key: string): Promise<ClientApplication | null> {
    return this.lookups.applicationByConsumerKey(key);
  }

  async byId(id: string): Promise<ClientApplication | null> {
    const found = await row<ApplicationRow, ApplicationData>(this.orm, ApplicationRow, { id });
    return found ? applicationOf(found) : null;
  }

  async ownedBy(userId: number): Promise<ClientApplication[]> {
    const found = await rows<ApplicationRow, ApplicationData>(this.orm, ApplicationRow, { owner: userId }, [{ createdAt: 'asc' }, { id: 'asc' }]);
    return found.map(applicationOf);
  }

  async update(id: string, changes: ApplicationChanges): Promise<boolean> {
    return (await currentEntityManager(this.orm).nativeUpdate(ApplicationRow, { id }, { ...changes })) > 0;
  }

  async replaceSecret(id: string, consumerSecret: string): Promise<boolean> {
    return (await currentEntityManager(this.orm).nativeUpdate(ApplicationRow, { id }, { consumerSecret })) > 0;
  }

  async remove(id: string): Promise<boolean> {
    return (await currentEntityManager(this.orm).nativeDelete(ApplicationRow, { id })) > 0;
  }
}

/** Personal tokens in `personal_token`; `byDigest` is a `SqlIdentityLookups` lookup. */
export class MikroOrmPersonalTokenRepository implements PersonalTokenRepository {
  private readonly lookups: SqlIdentityLookups;

  constructor(private readonly orm: MikroORM) {
    this.lookups = new SqlIdentityLookups(orm);
  }

  async add(t: PersonalToken): Promise<void> {
    await currentEntityManager(this.orm).insert(PersonalTokenRow, personalTokenRowOf(t));
  }

  async byDigest(digest: string): Promise<PersonalToken | null> {
    return this.lookups.personalTokenByDigest(digest);
  }

  async byId(id: string): Promise<PersonalToken | null> {
    const found = await row<PersonalTokenRow, PersonalTokenData>(this.orm, PersonalTokenRow, { id });
    return found ? personalTokenOf(found) : null;
  }

  async ofUser(userId: number): Promise<PersonalToken[]> {
    const found = await rows<PersonalTokenRow, PersonalTokenData>(this.orm, PersonalTokenRow, { user: userId }, [{ createdAt: 'desc' }, { id: 'asc' }]);
    return found.map(personalTokenOf);
  }

  /** True when the token exists; a token revoked before keeps its first revocation time. */
  async revoke(id: string, at: Date): Promise<boolean> {
    return (await currentEntityManager(this.orm).nativeUpdate(PersonalTokenRow, { id }, { revokedAt: raw('coalesce(revoked_at, ?)', [at]) })) > 0;
  }
}

/** OAuth request and access tokens in `oauth_token`; `byToken` is a `SqlIdentityLookups` lookup. */
export class MikroOrmOAuthTokenRepository implements OAuthTokenRepository {
  private readonly lookups: SqlIdentityLookups;

  constructor(private readonly orm: MikroORM) {
    this.lookups = new SqlIdentityLookups(orm);
  }

  async add(t: OAuthToken): Promise<void> {
    await currentEntityManager(this.orm).insert(OAuthTokenRow, oauthTokenRowOf(t));
  }

  async byToken(token: string): Promise<OAuthToken | null> {
    return this.lookups.oauthToken(token);
  }

  async authorize(token: string, userId: number, verifier: string, at: Date): Promise<boolean> {
    const changed = await currentEntityManager(this.orm).nativeUpdate(
      OAuthTokenRow,
      { token, kind: 'request', authorizedAt: null, usedAt: null },
      { user: userId, verifier, authorizedAt: at },
    );
    return changed > 0;
  }

  async markUsed(token: string, at: Date): Promise<boolean> {
    return (await currentEntityManager(this.orm).nativeUpdate(OAuthTokenRow, { token, kind: 'request', usedAt: null }, { usedAt: at })) > 0;
  }

  async remove(token: string): Promise<void> {
    await currentEntityManager(this.orm).nativeDelete(OAuthTokenRow, { token, kind: 'request' });
  }

  async revokeAccess(userId: number, applicationId: string, at: Date): Promise<number> {
    return currentEntityManager(this.orm).nativeUpdate(
      OAuthTokenRow,
      { user: userId, application: applicationId, kind: 'access', revokedAt: null },
      { revokedAt: at },
    );
  }

  async connectedApplications(userId: number): Promise<Array<{ applicationId: string; since: Date }>> {
    const found = await currentEntityManager(this.orm)
      .createQueryBuilder(OAuthTokenRow)
      .select(['application', raw('min(authorized_at) as since')])
      .where({ user: userId, kind: 'access', revokedAt: null })
      .groupBy('application')
      .orderBy([{ [raw('min(authorized_at)')]: 'asc' }, { application: 'asc' }])
      .execute<{ application: string; since: unknown }[]>('all');
    return found.map((r) => ({ applicationId: r.application, since: dateOf(r.since) }));
  }
}

/** Web sessions in `web_session` (digests of the cookies), shared by every instance on the database; `live` is a `SqlIdentityLookups` lookup. */
export class MikroOrmWebSessionRepository implements WebSessionRepository {
  private adds = 0;
  private readonly lookups: SqlIdentityLookups;

  constructor(private readonly orm: MikroORM) {
    this.lookups = new SqlIdentityLookups(orm);
  }

  async add(session: WebSession): Promise<void> {
    const em = currentEntityManager(this.orm);
    if (++this.adds % 100 === 1) await em.nativeDelete(WebSessionRow, { expiresAt: { $lt: session.createdAt } });
    await em.insert(WebSessionRow, webSessionRowOf(session));
  }

  async live(digest: string, now: Date): Promise<WebSession | null> {
    return this.lookups.liveSession(digest, now);
  }

  async remove(digest: string): Promise<void> {
    await currentEntityManager(this.orm).nativeDelete(WebSessionRow, { digest });
  }

  async removeAllOf(userId: number, except?: string): Promise<number> {
    const where = except === undefined ? { user: userId } : { user: userId, digest: { $ne: except } };
    return currentEntityManager(this.orm).nativeDelete(WebSessionRow, where);
  }
}

type OneTimeLinkData = Omit<OneTimeLinkRow, 'user'> & { user: number };

function oneTimeLinkOf(r: OneTimeLinkData): OneTimeLink {
  return {
    digest: r.digest,
    purpose: r.purpose as OneTimeLinkPurpose,
    userId: Number(r.user),
    email: r.email ?? null,
    createdAt: new Date(r.createdAt),
    expiresAt: new Date(r.expiresAt),
    usedAt: r.usedAt === null || r.usedAt === undefined ? null : new Date(r.usedAt),
  };
}

/**
 * One-time links (password resets, email confirmations) in `one_time_link`. A use is one conditional `UPDATE` (this
 * purpose, unused and unexpired), so of two transactions using one token at once PostgreSQL lets the second re-check
 * the row after the first commits and find it used: one alone gets the link. `cancelAll` marks rows the same way, so a
 * use and a cancelling of one link are serialised on its row too.
 */
export class MikroOrmOneTimeLinkRepository implements OneTimeLinkRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(link: OneTimeLink): Promise<void> {
    const em = currentEntityManager(this.orm);
    await em.nativeDelete(OneTimeLinkRow, { expiresAt: { $lt: link.createdAt } });
    await em.insert(OneTimeLinkRow, {
      digest: link.digest, purpose: link.purpose, user: link.userId, email: link.email, createdAt: link.createdAt, expiresAt: link.expiresAt, usedAt: link.usedAt,
    });
  }

  async use(digest: string, purpose: OneTimeLinkPurpose, now: Date): Promise<OneTimeLink | null> {
    const em = currentEntityManager(this.orm);
    const used = await em.nativeUpdate(OneTimeLinkRow, { digest, purpose, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
    if (used !== 1) return null;
    const found = await row<OneTimeLinkRow, OneTimeLinkData>(this.orm, OneTimeLinkRow, { digest });
    return found ? { ...oneTimeLinkOf(found), usedAt: null } : null;
  }

  async cancelAll(userId: number, purpose: OneTimeLinkPurpose, now: Date): Promise<number> {
    return currentEntityManager(this.orm).nativeUpdate(OneTimeLinkRow, { user: userId, purpose, usedAt: null }, { usedAt: now });
  }

  async newest(userId: number, purpose: OneTimeLinkPurpose, now: Date): Promise<OneTimeLink | null> {
    const found = await rows<OneTimeLinkRow, OneTimeLinkData>(
      this.orm, OneTimeLinkRow, { user: userId, purpose, usedAt: null, expiresAt: { $gt: now } }, [{ createdAt: 'desc' }],
    );
    return found.length > 0 ? oneTimeLinkOf(found[0]!) : null;
  }
}

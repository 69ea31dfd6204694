import { timingSafeEqual } from 'node:crypto';
import type { Eta } from 'eta';
import type Koa from 'koa';
import { EmailUnconfirmed, Forbidden, Unauthenticated } from '../../../application/errors.js';
import type { WebSessions } from '../../../application/identity/web-sessions.js';
import type { SecretGenerator } from '../../../application/ports/secrets.js';
import { ANONYMOUS, type Caller } from '../../../application/shared/caller.js';
import { formParameters } from '../identity/signed-request.js';
import { retryAfterOf, statusOf } from '../middleware/errors.js';

export const SESSION_COOKIE = 'spindle_session';
export const CSRF_COOKIE = 'spindle_csrf';

/** What a page reads of the browser sessions: who is signed in, and the form token of the header's sign-out form. */
export type PageSessions = Pick<WebSessions, 'caller' | 'formToken'>;

/** What every web page needs: the browser sessions and fresh secrets for form tokens. */
export interface WebPageDeps {
  readonly sessions: WebSessions;
  readonly secrets: SecretGenerator;
}

export interface WebPageSettings {
  readonly webUrl: string;
  readonly site: string;
}

export type SignedIn = Caller & { kind: 'user' };

/**
 * A page's status, media type and the headers every page carries (no caching, no framing, the content policy: the
 * site's own origin, and images also from the API's, where their signed URLs point when `BASE_URL` is another host).
 * Every page's header differs by who is signed in (`pageViewer`), so no page is kept by any cache, shared or not,
 * and `Vary: Cookie` says so again to a cache that would ignore `no-store`.
 */
export function pageHead(ctx: Koa.Context, status: number): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.vary('Cookie');
  ctx.set('X-Frame-Options', 'DENY');
  const apiOrigin = (ctx.state as { apiOrigin?: string }).apiOrigin;
  const images = apiOrigin ? `img-src 'self' ${apiOrigin}; ` : '';
  ctx.set('Content-Security-Policy', `default-src 'self'; ${images}style-src 'self'; form-action 'self' https: http:; frame-ancestors 'none'`);
}

/**
 * What the web pages of every module share: the session (a server-side record named by an HttpOnly cookie), the CSRF
 * token (each form's `csrf` field, bound to the session cookie, or before sign-in to a pre-session cookie: ADR 0049), rendering in the common layout with the
 * security headers, and the way a refused request becomes a page (no session: off to the sign-in page). A module
 * makes one with its own templates (built on `pageTemplates()`, which holds the layout).
 */
export class WebPageKit {
  private readonly secure: boolean;

  constructor(
    private readonly deps: WebPageDeps,
    readonly settings: WebPageSettings,
    private readonly eta: Eta,
  ) {
    this.secure = settings.webUrl.startsWith('https:');
  }

  setCookie(ctx: Koa.Context, name: string, value: string, maxAgeSeconds: number | null): void {
    const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
    if (maxAgeSeconds !== null) parts.push(`Max-Age=${maxAgeSeconds}`);
    if (this.secure) parts.push('Secure');
    ctx.append('Set-Cookie', parts.join('; '));
  }

  /**
   * The form token of this browser: bound to its session cookie, or without one to its pre-session cookie, which is
   * made (and set) when it has none (`WebSessions.formToken`).
   */
  csrf(ctx: Koa.Context): string {
    const cookies = this.formCookies(ctx);
    if (!cookies.session && !cookies.browser) {
      const browser = this.deps.secrets.generate(32);
      this.setCookie(ctx, CSRF_COOKIE, browser, null);
      return this.deps.sessions.formToken({ browser })!;
    }
    return this.deps.sessions.formToken(cookies)!;
  }

  /** The form's fields, once its CSRF field is the token of this browser's cookies (403 otherwise). */
  async form(ctx: Koa.Context, maxBytes = 16 * 1024): Promise<URLSearchParams> {
    const form = new URLSearchParams(await formParameters(ctx, maxBytes));
    this.checkFormToken(ctx, form.get('csrf'));
    return form;
  }

  /** Refuses (403) a form whose CSRF field is not the token of this browser's cookies: for a form not read by `form`. */
  checkFormToken(ctx: Koa.Context, field: string | null | undefined): void {
    const expected = this.deps.sessions.formToken(this.formCookies(ctx)) ?? '';
    const sent = field ?? '';
    const same = expected.length > 0 && sent.length === expected.length && timingSafeEqual(Buffer.from(expected), Buffer.from(sent));
    if (!same) throw new Forbidden('This form has expired or was not sent from this site: reload the page and try again.');
  }

  /**
   * At a sign-in, sign-up or sign-out: the session the browser had ends, the new session cookie (or none) is set, and
   * the pre-session cookie is dropped, so every form token of before is refused from now on (a new pre-session cookie
   * is made with the next form) and no session id outlives a change of user (no fixation).
   */
  async switchSession(ctx: Koa.Context, session: { cookie: string; expiresAt: Date } | null): Promise<void> {
    sessionCallers.delete(ctx);
    await this.deps.sessions.signOut(ctx.cookies.get(SESSION_COOKIE));
    if (session) this.setCookie(ctx, SESSION_COOKIE, session.cookie, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
    else this.setCookie(ctx, SESSION_COOKIE, '', 0);
    if (ctx.cookies.get(CSRF_COOKIE) !== undefined) this.setCookie(ctx, CSRF_COOKIE, '', 0);
  }

  private formCookies(ctx: Koa.Context): { session?: string; browser?: string } {
    const session = ctx.cookies.get(SESSION_COOKIE);
    const browser = ctx.cookies.get(CSRF_COOKIE);
    return {
      ...(session ? { session } : {}),
      ...(browser && /^[A-Za-z0-9]{32}$/.test(browser) ? { browser } : {}),
    };
  }

  /** The session's caller, or null without a valid session. */
  async caller(ctx: Koa.Context): Promise<Caller | null> {
    return sessionCaller(this.deps.sessions, ctx);
  }

  /** The signed-in user, or Unauthenticated (which `page` turns into a trip to the sign-in page). */
  async signedIn(ctx: Koa.Context): Promise<SignedIn> {
    const caller = await this.caller(ctx);
    if (!caller || caller.kind !== 'user') throw new Unauthenticated();
    return caller;
  }

  /** Renders a page with this kit's templates, its header showing who is signed in (`pageViewer`). */
  async render(ctx: Koa.Context, template: string, data: Record<string, unknown>, status = 200): Promise<void> {
    const signedInAs = await pageViewer(this.deps.sessions, ctx);
    pageHead(ctx, status);
    ctx.body = this.eta.render(template, {
      site: this.settings.site,
      webUrl: this.settings.webUrl,
      csrf: this.csrf(ctx),
      error: undefined,
      notice: undefined,
      ...data,
      user: (data.user as string | undefined) ?? undefined,
      signedInAs,
    });
  }

  /** Runs a page; refusals become the message page with their status, no session a trip to the sign-in page. */
  page(handler: (ctx: Koa.Context) => Promise<void>, back?: { href: string; text: string }): (ctx: Koa.Context) => Promise<void> {
    return async (ctx) => {
      try {
        await handler(ctx);
      } catch (err) {
        if (err instanceof Unauthenticated) {
          ctx.redirect(`${this.settings.webUrl}/signin?next=${encodeURIComponent(ctx.originalUrl)}`);
          return;
        }
        if (!(await this.refusalPage(ctx, err, back))) throw err;
      }
    };
  }

  /**
   * Renders a refusal (an application error or a domain refusal: the API's mapping to statuses) as the message page
   * with its status; false for anything else, which goes on to the error middleware (a 500).
   */
  async refusalPage(ctx: Koa.Context, err: unknown, back?: { href: string; text: string }): Promise<boolean> {
    const status = statusOf(err);
    if (status === undefined) return false;
    const retryAfter = retryAfterOf(err);
    if (retryAfter !== undefined) ctx.set('Retry-After', retryAfter);
    const caller = await this.caller(ctx).catch(() => null);
    const user = caller?.kind === 'user' ? caller.username : undefined;
    // An unconfirmed address (ADR 0064): the way to confirm it, rather than the page's own way back.
    const link = err instanceof EmailUnconfirmed ? { href: `${this.settings.webUrl}/settings/email`, text: 'Confirm your email address, or have the link sent again' } : back;
    await this.render(ctx, '@message', { title: 'Something is not right', error: (err as Error).message, user, ...(link ? { link } : {}) }, status);
    return true;
  }

  /** 303 to a page of the site. */
  seeOther(ctx: Koa.Context, path: string): void {
    ctx.status = 303;
    ctx.redirect(`${this.settings.webUrl}${path}`);
  }
}

/**
 * An image of the API (a signed `…/images/…` URL, or none) as a page shows it: only to the signed-in (images are for
 * authenticated callers, as in the API), and on the site's own origin, which the same process serves, so that the
 * session cookie goes with the request and the image route takes the session as its caller (`ImageRoutes`). Undefined
 * for anyone else: a page shows no image it cannot load.
 */
export function pageImage(uri: string | undefined, caller: Caller, webUrl: string): string | undefined {
  if (!uri || caller.kind !== 'user') return undefined;
  const at = uri.indexOf('/images/');
  return at < 0 ? uri : webUrl + uri.slice(at);
}

/** Who is signed in on a page: the session's caller, or anonymous (also without the identity module). */
export async function pageCaller(sessions: Pick<WebSessions, 'caller'> | undefined, ctx: Koa.Context): Promise<Caller> {
  return (sessions ? await sessionCaller(sessions, ctx) : null) ?? ANONYMOUS;
}

/** Who a page's header shows as signed in: their name and the token of the header's sign-out form. */
export interface PageViewer {
  readonly name: string;
  readonly csrf: string;
}

/**
 * Who the page's header shows as signed in (`SIGNED_IN_LINKS`), from the request's one read of its session
 * (`sessionCaller`, which the pages' rate limit made already): undefined for the anonymous, without the identity
 * module, and when the session cannot be read (the page itself then answers for that, or is the message page).
 */
export async function pageViewer(sessions: PageSessions | undefined, ctx: Koa.Context): Promise<PageViewer | undefined> {
  if (!sessions) return undefined;
  const caller = await sessionCaller(sessions, ctx).catch(() => null);
  if (caller?.kind !== 'user') return undefined;
  const csrf = sessions.formToken({ session: ctx.cookies.get(SESSION_COOKIE) });
  return csrf === null ? undefined : { name: caller.username, csrf };
}

/** What a module's page in the site's layout is rendered with, beside its data (`renderPage`). */
export interface SitePageView {
  readonly eta: Eta;
  readonly settings: WebPageSettings;
  readonly sessions: PageSessions | undefined;
}

/**
 * Renders a page of a module without forms (no kit) in the site's layout: the headers of every page, the site's name
 * and address, and the header showing who is signed in (`pageViewer`).
 */
export async function renderPage(ctx: Koa.Context, view: SitePageView, template: string, data: Record<string, unknown>, status = 200): Promise<void> {
  const signedInAs = await pageViewer(view.sessions, ctx);
  pageHead(ctx, status);
  ctx.body = view.eta.render(template, { site: view.settings.site, webUrl: view.settings.webUrl, ...data, signedInAs });
}

const sessionCallers = new WeakMap<Koa.Context, Promise<Caller | null>>();

/**
 * The caller of the request's session cookie, or null: looked up once per request (the pages' rate limit keys by it,
 * then the page asks again: two reads of the session and two of its user saved on every signed-in page). A failed
 * lookup is not kept; a sign-in or sign-out in the request forgets it (`switchSession`).
 */
export function sessionCaller(sessions: Pick<WebSessions, 'caller'>, ctx: Koa.Context): Promise<Caller | null> {
  let found = sessionCallers.get(ctx);
  if (!found) {
    found = sessions.caller(ctx.cookies.get(SESSION_COOKIE));
    sessionCallers.set(ctx, found);
    found.catch(() => sessionCallers.delete(ctx));
  }
  return found;
}

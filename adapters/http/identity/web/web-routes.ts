import type Router from '@koa/router';
import type Koa from 'koa';
import { Invalid } from '../../../../application/errors.js';
import type { AuthorizeRequestToken } from '../../../../application/identity/authorize-request-token.js';
import type { ConnectedApplications } from '../../../../application/identity/connected-applications.js';
import type { DeleteApplication } from '../../../../application/identity/delete-application.js';
import type { RotateApplicationSecret } from '../../../../application/identity/rotate-application-secret.js';
import type { CreatePersonalToken } from '../../../../application/identity/create-personal-token.js';
import type { ListOwnApplications } from '../../../../application/identity/list-own-applications.js';
import type { ListPersonalTokens } from '../../../../application/identity/list-personal-tokens.js';
import type { RegisterApplication } from '../../../../application/identity/register-application.js';
import type { RevokePersonalToken } from '../../../../application/identity/revoke-personal-token.js';
import type { SignUp } from '../../../../application/identity/sign-up.js';
import type { WebSessions } from '../../../../application/identity/web-sessions.js';
import type { SecretGenerator } from '../../../../application/ports/secrets.js';
import type { Caller } from '../../../../application/shared/caller.js';
import type { SpindleState } from '../../http-state.js';
import { portalView, type DeveloperPortal } from './developer-portal.js';
import { statusOf } from '../../middleware/errors.js';
import type { RouteModule } from '../../route-module.js';
import { SETTINGS_PAGES } from './settings-nav.js';
import { pageTemplates, STYLESHEET } from './templates.js';
import { dateInWords } from '../../web-pages/page-format.js';
import { CSRF_COOKIE, SESSION_COOKIE, WebPageKit, type WebPageSettings } from '../../web-pages/web-page-kit.js';

export { CSRF_COOKIE, SESSION_COOKIE };
const MAX_FORM_BYTES = 16 * 1024;
/** The "check your email" page every sign-up that passes the form's checks ends on (ADR 0064). */
export const SIGN_UP_SENT_PATH = '/signup/sent';

/** The paths of the web pages: the User-Agent rule of the API does not apply to them (browsers send what they send). */
export function isWebPagePath(path: string): boolean {
  return (
    path === '/signin' ||
    path === '/signup' ||
    path === SIGN_UP_SENT_PATH ||
    path === '/signout' ||
    path === '/oauth/authorize' ||
    path === '/web.css' ||
    path === '/settings/developers' ||
    path.startsWith('/settings/developers/') ||
    path === '/settings/connected' ||
    path.startsWith('/settings/connected/')
  );
}

/** What the pages need. */
export interface WebPageUseCases {
  readonly sessions: WebSessions;
  readonly signUp: SignUp;
  readonly registerApplication: RegisterApplication;
  readonly createToken: CreatePersonalToken;
  readonly listTokens: ListPersonalTokens;
  readonly revokeToken: RevokePersonalToken;
  readonly authorize: AuthorizeRequestToken;
  readonly connected: ConnectedApplications;
  readonly ownApplications: ListOwnApplications;
  readonly secrets: SecretGenerator;
  readonly rotateSecret: RotateApplicationSecret;
  readonly deleteApplication: DeleteApplication;
}

export type { WebPageSettings };


/** A path on this site to go back to after signing in; anything else (another origin, `//host`) is refused. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || /[\\\r\n]/.test(next)) return '/settings/developers';
  return next;
}

/**
 * The web pages on `{web_url}`: sign up, sign in, sign out, the OAuth authorize page, developer settings
 * (applications, personal tokens), connected applications, and the stylesheet. Server-rendered HTML (Eta) that works
 * without JavaScript; every form carries a CSRF token bound to the session (or before sign-in to a pre-session
 * cookie) and renewed at sign-in and sign-out (ADR 0049);
 * sessions are server-side (only a digest of the cookie is stored); session cookies are HttpOnly, SameSite=Lax, and
 * Secure when `WEB_URL` is https.
 */
export class WebPageRoutes implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: WebPageUseCases,
    private readonly settings: WebPageSettings,
    private readonly portal: DeveloperPortal,
  ) {
    this.kit = new WebPageKit(useCases, settings, pageTemplates());
  }

  private form(ctx: Koa.Context): Promise<URLSearchParams> {
    return this.kit.form(ctx, MAX_FORM_BYTES);
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return isWebPagePath(path);
  }

  isStaticAsset(path: string): boolean {
    return path === '/web.css';
  }

  register(router: Router<SpindleState>): void {
    const { useCases, settings } = this;
    const web = settings.webUrl;

    router.get('/web.css', (ctx) => {
      ctx.type = 'text/css; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = STYLESHEET;
    });

    router.get('/signin', this.kit.page(async (ctx) => {
      await this.kit.render(ctx, '@signin', { title: 'Sign in', next: safeNext(ctx.query.next), username: '' });
    }));

    router.post('/signin', this.kit.page(async (ctx) => {
      const form = await this.form(ctx);
      const username = form.get('username') ?? '';
      const next = safeNext(form.get('next'));
      const started = await useCases.sessions.signIn({ username, password: form.get('password') ?? '', address: ctx.ip });
      if (!started) {
        await this.kit.render(ctx, '@signin', { title: 'Sign in', next, username, error: 'Wrong login name or password.' }, 401);
        return;
      }
      await this.kit.switchSession(ctx, started);
      ctx.status = 303;
      ctx.redirect(`${web}${next}`);
    }));

    router.get('/signup', this.kit.page(async (ctx) => {
      await this.kit.render(ctx, '@signup', { title: 'Sign up', next: safeNext(ctx.query.next), username: '', email: '', realName: '' });
    }));

    router.post('/signup', this.kit.page(async (ctx) => {
      const form = await this.form(ctx);
      const next = safeNext(form.get('next'));
      const input = { username: form.get('username') ?? '', email: form.get('email') ?? '', password: form.get('password') ?? '', realName: form.get('real_name') ?? '' };
      try {
        // The same answer whether the address was free (a new account) or taken (its owner mailed): ADR 0064.
        await useCases.signUp.execute({ ...input, address: ctx.ip });
        this.kit.seeOther(ctx, `${SIGN_UP_SENT_PATH}?next=${encodeURIComponent(next)}`);
      } catch (err) {
        const status = statusOf(err);
        if (status !== 422 && status !== 409) throw err;
        const error = (err as Error).message;
        await this.kit.render(ctx, '@signup', { title: 'Sign up', next, username: input.username, email: input.email, realName: input.realName, error }, status);
      }
    }));

    router.get(SIGN_UP_SENT_PATH, this.kit.page(async (ctx) => {
      await this.kit.render(ctx, '@signup-sent', { title: 'Check your email', next: safeNext(ctx.query.next) });
    }));

    router.post('/signout', this.kit.page(async (ctx) => {
      await this.form(ctx);
      await this.kit.switchSession(ctx, null);
      ctx.status = 303;
      ctx.redirect(`${web}/signin`);
    }));

    router.get('/oauth/authorize', this.kit.page(async (ctx) => {
      const token = typeof ctx.query.oauth_token === 'string' ? ctx.query.oauth_token : '';
      if (token === '') throw new Invalid('This page needs an oauth_token: the application that sent you here should have added one.');
      const request = await useCases.authorize.describe(token);
      const caller = await this.kit.signedIn(ctx);
      await this.kit.render(ctx, '@authorize', {
        title: `Authorize ${request.application.name}`,
        application: request.application.name,
        token: request.token,
        expiresAt: request.expiresAt.toISOString(),
        user: caller.username,
      });
    }));

    router.post('/oauth/authorize', this.kit.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const decision = form.get('decision');
      if (decision !== 'approve' && decision !== 'deny') throw new Invalid('Choose Approve or Deny.');
      const outcome = await useCases.authorize.decide({ caller, token: form.get('oauth_token') ?? '', approve: decision === 'approve' });
      if (outcome.kind === 'redirect') {
        ctx.status = 303;
        ctx.redirect(outcome.url);
      } else if (outcome.kind === 'show verifier') {
        await this.kit.render(ctx, '@verifier', { title: 'Application approved', application: outcome.application, verifier: outcome.verifier, user: caller.username });
      } else {
        await this.kit.render(ctx, '@denied', { title: 'Application denied', application: outcome.application, user: caller.username });
      }
    }));

    const developers = async (ctx: Koa.Context, caller: Caller & { kind: 'user' }, extra: Record<string, unknown> = {}, status = 200) => {
      const applications = await useCases.ownApplications.execute({ userId: Number(caller.userId) });
      const tokens = await useCases.listTokens.execute({ user: caller.username });
      await this.kit.render(ctx, '@developers', {
        title: 'Developer settings',
        user: caller.username,
        here: '/settings/developers',
        settingsPages: SETTINGS_PAGES,
        portal: portalView(this.portal, web),
        applications: applications.map((a) => ({ id: a.id, name: a.name, consumerKey: a.consumerKey, callbackUrl: a.callbackUrl, createdAt: dateInWords(a.createdAt) })),
        tokens: tokens.map((t) => ({ id: t.id, label: t.label, lastCharacters: t.lastCharacters, createdAt: dateInWords(t.createdAt), revokedAt: t.revokedAt ? dateInWords(t.revokedAt) : undefined })),
        created: undefined,
        ...extra,
      }, status);
    };

    router.get('/settings/developers', this.kit.page(async (ctx) => developers(ctx, await this.kit.signedIn(ctx))));

    router.post('/settings/developers/applications', this.kit.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      try {
        const app = await useCases.registerApplication.execute({ name: form.get('name') ?? '', owner: caller.username, callbackUrl: form.get('callback_url') ?? '' });
        await developers(ctx, caller, {
          created: { what: `Registered ${app.name}.`, values: [{ label: 'Consumer key', value: app.consumerKey }, { label: 'Consumer secret', value: app.consumerSecret }] },
        }, 201);
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        await developers(ctx, caller, { error: err.message }, 422);
      }
    }));

    router.post('/settings/developers/applications/:id/rotate', this.kit.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      if (form.get('confirm') !== 'yes') throw new Invalid('Tick the box to confirm the new secret (the old one stops working at once): nothing was changed.');
      const rotated = await useCases.rotateSecret.execute({ userId: Number(caller.userId), applicationId: ctx.params.id! });
      await developers(ctx, caller, {
        created: { what: `${rotated.name} has a new consumer secret; the old one no longer works.`, values: [{ label: 'Consumer key', value: rotated.consumerKey }, { label: 'Consumer secret', value: rotated.consumerSecret }] },
      });
    }));

    router.post('/settings/developers/applications/:id/delete', this.kit.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      if (form.get('confirm') !== 'yes') throw new Invalid('Tick the box to confirm the deletion: nothing was deleted.');
      const name = await useCases.deleteApplication.execute({ userId: Number(caller.userId), applicationId: ctx.params.id! });
      await developers(ctx, caller, { notice: `Deleted ${name}: its key and every access it was given no longer work.` });
    }));

    router.post('/settings/developers/tokens', this.kit.page(async (ctx) => {
      const form = await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const created = await useCases.createToken.execute({ user: caller.username, label: form.get('label') ?? '' });
      await developers(ctx, caller, { created: { what: `Generated "${created.record.label}".`, values: [{ label: 'Token', value: created.token }] } }, 201);
    }));

    router.post('/settings/developers/tokens/:id/revoke', this.kit.page(async (ctx) => {
      await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      const revoked = await useCases.revokeToken.execute({ user: caller.username, tokenId: ctx.params.id });
      await developers(ctx, caller, { notice: `Revoked "${revoked.label}".` });
    }));

    const connectedPage = async (ctx: Koa.Context, caller: Caller & { kind: 'user' }, extra: Record<string, unknown> = {}) => {
      const applications = await useCases.connected.list(caller);
      await this.kit.render(ctx, '@connected', {
        title: 'Connected applications',
        user: caller.username,
        here: '/settings/connected',
        settingsPages: SETTINGS_PAGES,
        applications: applications.map((a) => ({ id: a.id, name: a.name, since: a.since.toISOString() })),
        ...extra,
      });
    };

    router.get('/settings/connected', this.kit.page(async (ctx) => connectedPage(ctx, await this.kit.signedIn(ctx))));

    router.post('/settings/connected/:id/revoke', this.kit.page(async (ctx) => {
      await this.form(ctx);
      const caller = await this.kit.signedIn(ctx);
      await useCases.connected.revoke(caller, ctx.params.id);
      await connectedPage(ctx, caller, { notice: 'Access revoked.' });
    }));
  }
}

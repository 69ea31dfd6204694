import type Router from '@koa/router';
import type Koa from 'koa';
import type { ChangeEmail } from '../../../../application/identity/change-email.js';
import type { ConfirmEmail } from '../../../../application/identity/confirm-email.js';
import type { ResendEmailConfirmation } from '../../../../application/identity/resend-email-confirmation.js';
import type { ChangePassword } from '../../../../application/identity/change-password.js';
import type { RequestPasswordReset } from '../../../../application/identity/request-password-reset.js';
import type { ResetPassword } from '../../../../application/identity/reset-password.js';
import { passwordProblem } from '../../../../domain/identity/password.js';
import { isRefusal, type RefusalProblem } from '../../../../domain/shared/refusal.js';
import type { SpindleState } from '../../http-state.js';
import type { RouteModule } from '../../route-module.js';
import { SESSION_COOKIE, WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../../web-pages/web-page-kit.js';
import { accountTemplates, SETTINGS_PAGES } from './account-templates.js';

const PASSWORD_PATH = '/settings/password';
const EMAIL_PATH = '/settings/email';
const RESEND_PATH = '/settings/email/resend';
/** The page an email confirmation link opens (`?confirm={token}`: not `token`, which the API reads as a credential). */
export const EMAIL_CONFIRM_PATH = '/email-confirm';
/** The password reset pages: ask for a link; the link's page, which takes the new password. */
export const PASSWORD_RESET_PATHS = { request: '/password-reset', confirm: '/password-reset/confirm' } as const;
const MAX_FORM_BYTES = 16 * 1024;
const NOTICES: Readonly<Record<string, string>> = {
  password: 'Your password is changed; every other session of yours has ended.',
  email: 'A link to confirm the new address is on its way to it. Your address stays as it is until the link is opened.',
  resent: 'A new confirmation link is on its way. It works once, for two days.',
  'nothing-to-confirm': 'Your email address is confirmed, and no change is waiting: there is nothing to send.',
  confirmed: 'Your email address is confirmed; a change of address takes effect now, and the old address was told.',
  reset: 'Your new password is set and you are signed in here; every other session of yours has ended.',
  sent: 'If an account has that login name or email address, a link to choose a new password is on its way to the account\'s email address. It works once, for an hour.',
};
const DIFFER = 'The two new passwords differ.';

/** What the account pages need. */
export interface AccountPageUseCases {
  readonly changePassword: ChangePassword;
  readonly changeEmail: ChangeEmail;
  readonly requestReset: RequestPasswordReset;
  readonly resetPassword: ResetPassword;
  readonly confirmEmail: ConfirmEmail;
  readonly resendConfirmation: ResendEmailConfirmation;
}

/** A refusal's problems by form field; a problem of no field goes under `fallback`. */
export function problemsByField(problems: readonly RefusalProblem[], fallback: string): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const p of problems) {
    const field = p.field ?? fallback;
    byField[field] = byField[field] ? `${byField[field]} ${p.message}` : p.message;
  }
  return byField;
}

/** The problems of a new password typed twice that the edge can tell alone: its own rule, and the two differing. */
function newPasswordProblems(form: URLSearchParams): RefusalProblem[] {
  const password = form.get('password') ?? '';
  if (password === (form.get('confirm_password') ?? '')) return [];
  const problem = passwordProblem(password);
  return [...(problem ? [{ field: 'password', message: problem }] : []), { field: 'confirm_password', message: DIFFER }];
}

/**
 * The account pages on `{web_url}`: the password change (`/settings/password`: the current password, the new one
 * twice; other sessions end), the email address (`/settings/email`: its state, a change confirmed by a mailed link,
 * `/settings/email/resend`; `/email-confirm?confirm=…`: the link's page, a button that confirms, ADR 0064) and the password reset by a one-time link (`/password-reset`: the same answer whether
 * or not an account exists; `/password-reset/confirm?reset=…`: the new password, then signed in). Each change
 * answers 303 to a page with a notice; a refused one shows the page again with every problem beside its field and the
 * refusal's status.
 */
export class AccountPages implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: AccountPageUseCases,
    private readonly deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, accountTemplates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return (
      path === PASSWORD_PATH ||
      path === EMAIL_PATH ||
      path === RESEND_PATH ||
      path === EMAIL_CONFIRM_PATH ||
      path === PASSWORD_RESET_PATHS.request ||
      path === PASSWORD_RESET_PATHS.confirm
    );
  }

  private notice(ctx: Koa.Context): string | undefined {
    return typeof ctx.query.done === 'string' ? NOTICES[ctx.query.done] : undefined;
  }

  private async showPassword(ctx: Koa.Context, caller: SignedIn, problems: Record<string, string> = {}, status = 200): Promise<void> {
    await this.kit.render(
      ctx,
      '@password',
      { title: 'Change your password', user: caller.username, here: PASSWORD_PATH, settingsPages: SETTINGS_PAGES, problems, notice: this.notice(ctx),
        error: Object.keys(problems).length > 0 ? 'The password was not changed: see the problems below.' : undefined },
      status,
    );
  }

  private async showEmail(ctx: Koa.Context, caller: SignedIn, typed?: string, problems: Record<string, string> = {}, status = 200): Promise<void> {
    const state = await this.useCases.changeEmail.current(Number(caller.userId));
    await this.kit.render(
      ctx,
      '@email',
      { title: 'Change your email address', user: caller.username, here: EMAIL_PATH, settingsPages: SETTINGS_PAGES, problems, notice: this.notice(ctx),
        ...state, typed,
        error: Object.keys(problems).length > 0 ? 'The email address was not changed: see the problems below.' : undefined },
      status,
    );
  }

  private async showResetRequest(ctx: Koa.Context, login: string, problems: Record<string, string> = {}, status = 200): Promise<void> {
    await this.kit.render(ctx, '@reset-request', { title: 'Reset your password', login, problems, notice: this.notice(ctx) }, status);
  }

  private async showResetConfirm(ctx: Koa.Context, token: string, problems: Record<string, string> = {}, status = 200): Promise<void> {
    await this.kit.render(ctx, '@reset-confirm', {
      title: 'Choose a new password', token, problems,
      error: Object.keys(problems).length > 0 ? 'The password was not set: see the problems below.' : undefined,
    }, status);
    // The page's address holds the token: no other site learns it from a Referer.
    ctx.set('Referrer-Policy', 'no-referrer');
  }

  private async showConfirm(ctx: Koa.Context, token: string, problems: Record<string, string> = {}, status = 200): Promise<void> {
    const caller = await this.kit.caller(ctx);
    const done = this.notice(ctx) !== undefined;
    await this.kit.render(ctx, '@confirm-email', {
      title: done ? 'Email address confirmed' : 'Confirm your email address', token, problems, done, notice: this.notice(ctx),
      user: caller?.kind === 'user' ? caller.username : undefined,
    }, status);
    // The page's address holds the token: no other site learns it from a Referer.
    ctx.set('Referrer-Policy', 'no-referrer');
  }

  register(router: Router<SpindleState>): void {
    const web = this.kit.settings.webUrl;
    const back = { href: `${web}${PASSWORD_PATH}`, text: 'Change your password' };
    const resetBack = { href: `${web}${PASSWORD_RESET_PATHS.request}`, text: 'Reset your password' };

    router.get(PASSWORD_PATH, this.kit.page(async (ctx) => this.showPassword(ctx, await this.kit.signedIn(ctx)), back));
    router.post(PASSWORD_PATH, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      // Nothing is checked against the account until the two new passwords agree.
      const edge = newPasswordProblems(form);
      if (edge.length > 0) return this.showPassword(ctx, caller, problemsByField(edge, 'current_password'), 422);
      try {
        await this.useCases.changePassword.execute({
          userId: Number(caller.userId),
          currentPassword: form.get('current_password') ?? '',
          newPassword: form.get('password') ?? '',
          keepSession: ctx.cookies.get(SESSION_COOKIE),
        });
      } catch (err) {
        if (!isRefusal(err, 'invalid')) throw err;
        return this.showPassword(ctx, caller, problemsByField(err.problems, 'current_password'), 422);
      }
      this.kit.seeOther(ctx, `${PASSWORD_PATH}?done=password`);
    }, back));

    const emailBack = { href: `${web}${EMAIL_PATH}`, text: 'Change your email address' };
    router.get(EMAIL_PATH, this.kit.page(async (ctx) => this.showEmail(ctx, await this.kit.signedIn(ctx)), emailBack));
    router.post(EMAIL_PATH, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      const email = form.get('email') ?? '';
      try {
        await this.useCases.changeEmail.execute({ userId: Number(caller.userId), password: form.get('password') ?? '', email });
      } catch (err) {
        if (!isRefusal(err, 'invalid')) throw err;
        return this.showEmail(ctx, caller, email, problemsByField(err.problems, 'email'), 422);
      }
      this.kit.seeOther(ctx, `${EMAIL_PATH}?done=email`);
    }, emailBack));
    router.post(RESEND_PATH, this.kit.page(async (ctx) => {
      await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      const outcome = await this.useCases.resendConfirmation.execute({ userId: Number(caller.userId), address: ctx.ip });
      this.kit.seeOther(ctx, `${EMAIL_PATH}?done=${outcome === 'sent' ? 'resent' : 'nothing-to-confirm'}`);
    }, emailBack));

    router.get(EMAIL_CONFIRM_PATH, this.kit.page(async (ctx) => {
      const token = typeof ctx.query.confirm === 'string' ? ctx.query.confirm : '';
      const done = this.notice(ctx) !== undefined;
      await this.showConfirm(ctx, token, token === '' && !done ? { confirm: 'This page needs the link from the mail: open it again, whole.' } : {});
    }, emailBack));
    router.post(EMAIL_CONFIRM_PATH, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const token = form.get('confirm') ?? '';
      try {
        await this.useCases.confirmEmail.execute({ token });
      } catch (err) {
        if (!isRefusal(err, 'invalid')) throw err;
        return this.showConfirm(ctx, token, { confirm: err.message }, 422);
      }
      this.kit.seeOther(ctx, `${EMAIL_CONFIRM_PATH}?done=confirmed`);
    }, emailBack));

    router.get(PASSWORD_RESET_PATHS.request, this.kit.page(async (ctx) => this.showResetRequest(ctx, ''), resetBack));
    router.post(PASSWORD_RESET_PATHS.request, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const login = (form.get('login') ?? '').trim();
      if (login === '' || login.length > 320) {
        const problem = login === '' ? 'Give your login name or your email address.' : 'That is longer than any login name or email address.';
        return this.showResetRequest(ctx, login.slice(0, 320), { login: problem }, 422);
      }
      await this.useCases.requestReset.execute({ login, address: ctx.ip });
      this.kit.seeOther(ctx, `${PASSWORD_RESET_PATHS.request}?done=sent`);
    }, resetBack));

    router.get(PASSWORD_RESET_PATHS.confirm, this.kit.page(async (ctx) => {
      const token = typeof ctx.query.reset === 'string' ? ctx.query.reset : '';
      await this.showResetConfirm(ctx, token, token === '' ? { reset: 'This page needs the link from the mail: open it again, whole.' } : {});
    }, resetBack));
    router.post(PASSWORD_RESET_PATHS.confirm, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const token = form.get('reset') ?? '';
      const edge = newPasswordProblems(form);
      if (edge.length > 0) return this.showResetConfirm(ctx, token, problemsByField(edge, 'reset'), 422);
      let signedIn;
      try {
        signedIn = await this.useCases.resetPassword.execute({ token, newPassword: form.get('password') ?? '' });
      } catch (err) {
        if (!isRefusal(err, 'invalid')) throw err;
        return this.showResetConfirm(ctx, token, problemsByField(err.problems.length > 0 ? err.problems : [{ message: err.message }], 'reset'), 422);
      }
      await this.kit.switchSession(ctx, await this.deps.sessions.start(signedIn));
      this.kit.seeOther(ctx, `${PASSWORD_PATH}?done=reset`);
    }, resetBack));
  }
}

import type Router from '@koa/router';
import type { Eta } from 'eta';
import type Koa from 'koa';
import type { DeleteAccount } from '../../../../application/identity/delete-account.js';
import { isRefusal } from '../../../../domain/shared/refusal.js';
import type { SpindleState } from '../../http-state.js';
import type { RouteModule } from '../../route-module.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../../web-pages/web-page-kit.js';
import { problemsByField } from './account-pages.js';
import { SETTINGS_PAGES, SETTINGS_SUBNAV } from './settings-nav.js';
import { pageTemplates } from './templates.js';

const DELETE_PATH = '/settings/delete';
const MAX_FORM_BYTES = 16 * 1024;

const DELETE_ACCOUNT = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<% if (it.deleted) { %><p>Your account is deleted and you are signed out. The other party to each of your finished
orders keeps it, with your login name, which no one else can take.</p>
<% } else { %>
<p>Deleting your account cannot be undone. These go for good: your email address, profile, password, sessions,
personal tokens, the applications you registered and the access you gave applications, your collection, wantlist,
lists, ratings, cart, listings not sold yet, your inventory files, your events and your webhooks with their delivery
logs.</p>
<p>Your finished orders (shipped or cancelled), with their messages and feedback, stay for the other party, showing
your login name; the name stays reserved. While an order of yours is under way (not shipped or cancelled), the
account cannot be deleted.</p>
<form method="post" action="<%= it.webUrl %>${DELETE_PATH}">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label for="password">Your password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"
    <%~ it.problems.password ? 'aria-invalid="true" aria-describedby="password-problem"' : '' %>>
  <% if (it.problems.password) { %><p class="error" id="password-problem"><%= it.problems.password %></p><% } %>
  <label><input id="confirm" name="confirm" type="checkbox" value="yes" required
      <%~ it.problems.confirm ? 'aria-invalid="true" aria-describedby="confirm-problem"' : '' %>>
    I understand: delete my account <%= it.user %> and all of the above for good</label>
  <% if (it.problems.confirm) { %><p class="error" id="confirm-problem"><%= it.problems.confirm %></p><% } %>
  <button type="submit">Delete my account</button>
</form>
<% } %>
`;

function templates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@delete-account', DELETE_ACCOUNT);
  return eta;
}

/**
 * `/settings/delete`: deleting one's account (`DeleteAccount`, ADR 0060) with the password re-entered and a ticked
 * confirmation; every problem beside its field at once (422, nothing deleted), open orders named at the top (409).
 * A deletion ends the browser's session and answers 303 to the page, which then says it is done.
 */
export class DeleteAccountPage implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly deleteAccount: DeleteAccount,
    deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, templates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return path === DELETE_PATH;
  }

  private async show(ctx: Koa.Context, caller: SignedIn, problems: Record<string, string> = {}, status = 200, error?: string): Promise<void> {
    await this.kit.render(
      ctx,
      '@delete-account',
      { title: 'Delete your account', user: caller.username, here: DELETE_PATH, settingsPages: SETTINGS_PAGES, problems,
        error: error ?? (Object.keys(problems).length > 0 ? 'The account was not deleted: see the problems below.' : undefined) },
      status,
    );
  }

  register(router: Router<SpindleState>): void {
    const back = { href: `${this.kit.settings.webUrl}${DELETE_PATH}`, text: 'Delete your account' };
    router.get(DELETE_PATH, this.kit.page(async (ctx) => {
      if (ctx.query.done === 'deleted') {
        await this.kit.render(ctx, '@delete-account', { title: 'Your account is deleted', deleted: true, here: DELETE_PATH, settingsPages: [], problems: {} });
        return;
      }
      await this.show(ctx, await this.kit.signedIn(ctx));
    }, back));
    router.post(DELETE_PATH, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      try {
        await this.deleteAccount.execute({ userId: Number(caller.userId), password: form.get('password') ?? '', confirmed: form.get('confirm') === 'yes' });
      } catch (err) {
        if (isRefusal(err, 'invalid')) return this.show(ctx, caller, problemsByField(err.problems, 'password'), 422);
        if (isRefusal(err, 'conflict')) return this.show(ctx, caller, {}, 409, err.message);
        throw err;
      }
      await this.kit.switchSession(ctx, null);
      this.kit.seeOther(ctx, `${DELETE_PATH}?done=deleted`);
    }, back));
  }
}

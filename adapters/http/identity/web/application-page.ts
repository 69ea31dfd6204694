import type Router from '@koa/router';
import type { Eta } from 'eta';
import type Koa from 'koa';
import type { EditApplication } from '../../../../application/identity/edit-application.js';
import type { ClientApplication } from '../../../../domain/identity/accounts.js';
import { isRefusal } from '../../../../domain/shared/refusal.js';
import type { SpindleState } from '../../http-state.js';
import type { RouteModule } from '../../route-module.js';
import { dateInWords } from '../../web-pages/page-format.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../../web-pages/web-page-kit.js';
import { problemsByField } from './account-pages.js';
import { portalView, type DeveloperPortal } from './developer-portal.js';
import { SETTINGS_PAGES, SETTINGS_SUBNAV } from './settings-nav.js';
import { pageTemplates } from './templates.js';

const PATH = '/settings/developers/applications/:id';
const MAX_FORM_BYTES = 16 * 1024;

/** A labelled text input with its problem beside it, the value kept. */
const field = (name: string, label: string, type: string, max: number): string => `
  <label for="${name}">${label}</label>
  <input id="${name}" name="${name}" type="${type}" maxlength="${max}" value="<%= it.form['${name}'] %>"${name === 'name' ? ' required' : ''}
    <%~ it.problems['${name}'] ? 'aria-invalid="true" aria-describedby="${name}-problem"' : '' %>>
  <% if (it.problems['${name}']) { %><p class="error" id="${name}-problem"><%= it.problems['${name}'] %></p><% } %>`;

const APPLICATION = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<p><a href="<%= it.webUrl %>/settings/developers">All your applications and tokens</a> · registered <%= it.registered %></p>
<h2>Consumer key and secret</h2>
<p>Copy them as they are (no prefix). Keep the secret out of code that others can read.</p>
<p><label for="consumer-key">Consumer key</label><input id="consumer-key" class="secret" readonly value="<%= it.app.consumerKey %>"></p>
<p><label for="consumer-secret">Consumer secret</label><input id="consumer-secret" class="secret" readonly value="<%= it.app.consumerSecret %>"></p>
<form method="post" action="<%= it.webUrl %>/settings/developers/applications/<%= encodeURIComponent(it.app.id) %>/rotate">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label><input type="checkbox" name="confirm" value="yes" required> Make a new secret for <%= it.app.name %>: the old one stops working at once</label>
  <button type="submit" class="secondary">New secret</button>
</form>
<h2>Calling the API as <%= it.app.name %></h2>
<p>The API is at <code><%= it.portal.apiUrl %></code>; every endpoint is in the <a href="<%= it.portal.docsUrl %>">API reference</a>.
Send a <code>User-Agent</code> naming your program.</p>
<p>Without a user (catalogue, search, public profiles), with the key and secret:</p>
<pre><code>curl -A "<%= it.agent %>" -H "Authorization: <%= it.portal.brand %> key=<%= it.app.consumerKey %>, secret=CONSUMER_SECRET" <%= it.portal.apiUrl %>/database/search?q=blue</code></pre>
<p>For a user, with OAuth 1.0a (HMAC-SHA1 or PLAINTEXT signatures<% if (it.app.callbackUrl) { %>, the user sent back to <code><%= it.app.callbackUrl %></code><% } %>):</p>
<ul>
  <li>request token: <code><%= it.portal.oauth.requestToken %></code></li>
  <li>authorize (the user's browser): <code><%= it.portal.oauth.authorize %>?oauth_token=…</code></li>
  <li>access token: <code><%= it.portal.oauth.accessToken %></code></li>
</ul>
<p>Then every call carries the OAuth header; to check who the token is for:</p>
<pre><code>curl -A "<%= it.agent %>" -H 'Authorization: OAuth oauth_consumer_key="<%= it.app.consumerKey %>", oauth_token="ACCESS_TOKEN", oauth_signature_method="PLAINTEXT", oauth_signature="CONSUMER_SECRET&amp;ACCESS_TOKEN_SECRET", oauth_nonce="…", oauth_timestamp="…"' <%= it.portal.identityUrl %></code></pre>
<h3>Rate limits</h3>
<p>Counted per address in windows of <%= it.portal.rateLimit.windowSeconds %> seconds:
<%= it.portal.rateLimit.anonymousPerWindow %> requests without credentials, <%= it.portal.rateLimit.authenticatedPerWindow %> with a key and secret, OAuth or a token. The headers
<code>X-<%= it.portal.brand %>-Ratelimit</code>, <code>-Used</code> and <code>-Remaining</code> tell where a caller stands; past the limit the
answer is 429 with <code>Retry-After</code>.</p>
<h2>Details</h2>
<form method="post" action="<%= it.webUrl %>/settings/developers/applications/<%= encodeURIComponent(it.app.id) %>">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  ${field('name', 'Name (users see it when asked to approve)', 'text', 100)}
  <label for="description">Description (optional)</label>
  <textarea id="description" name="description" maxlength="1000" rows="3"
    <%~ it.problems.description ? 'aria-invalid="true" aria-describedby="description-problem"' : '' %>><%= it.form.description %></textarea>
  <% if (it.problems.description) { %><p class="error" id="description-problem"><%= it.problems.description %></p><% } %>
  ${field('callback_url', 'OAuth callback URL (optional; oob for none)', 'text', 2000)}
  ${field('website_url', 'Website (optional)', 'url', 2000)}
  <button type="submit">Save</button>
</form>
<h2>Delete</h2>
<form method="post" action="<%= it.webUrl %>/settings/developers/applications/<%= encodeURIComponent(it.app.id) %>/delete">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label><input type="checkbox" name="confirm" value="yes" required> Delete <%= it.app.name %> and every access it was given</label>
  <button type="submit" class="secondary">Delete</button>
</form>
`;

function templates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@application', APPLICATION);
  return eta;
}

type FormValues = Record<'name' | 'description' | 'callback_url' | 'website_url', string>;

const valuesOf = (a: ClientApplication): FormValues => ({
  name: a.name,
  description: a.description ?? '',
  callback_url: a.callbackUrl ?? '',
  website_url: a.websiteUrl ?? '',
});

/**
 * An application's own page, `/settings/developers/applications/{id}`, for its owner (another's, or none, is the same
 * 404): its key and secret as bare values, how to call the API as it (curl lines with the key, the OAuth addresses),
 * the configured rate limits, a link to the API reference; a form for its name, description, callback URL and
 * website (`EditApplication`: POST, then 303 back with a notice; problems beside their fields, values kept, 422);
 * the new-secret and delete forms of the developers page, each with a confirmation box.
 */
export class ApplicationPage implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly editApplication: EditApplication,
    deps: WebPageDeps,
    settings: WebPageSettings,
    private readonly portal: DeveloperPortal,
  ) {
    this.kit = new WebPageKit(deps, settings, templates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return /^\/settings\/developers\/applications\/[^/]+$/.test(path);
  }

  private async show(ctx: Koa.Context, caller: SignedIn, app: ClientApplication, form: FormValues, problems: Record<string, string> = {}, status = 200): Promise<void> {
    await this.kit.render(ctx, '@application', {
      title: app.name,
      user: caller.username,
      here: '/settings/developers',
      settingsPages: SETTINGS_PAGES,
      app,
      registered: dateInWords(app.createdAt),
      portal: portalView(this.portal, this.kit.settings.webUrl),
      agent: 'MyApp/1.0',
      form,
      problems,
      notice: ctx.query.done === 'saved' ? 'Saved.' : undefined,
      error: Object.keys(problems).length > 0 ? 'Nothing was saved: see the problems below.' : undefined,
    }, status);
  }

  register(router: Router<SpindleState>): void {
    const back = { href: `${this.kit.settings.webUrl}/settings/developers`, text: 'Developer settings' };
    router.get(PATH, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const app = await this.editApplication.own(Number(caller.userId), ctx.params.id!);
      await this.show(ctx, caller, app, valuesOf(app));
    }, back));
    router.post(PATH, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      const values: FormValues = {
        name: form.get('name') ?? '',
        description: form.get('description') ?? '',
        callback_url: form.get('callback_url') ?? '',
        website_url: form.get('website_url') ?? '',
      };
      try {
        await this.editApplication.execute({
          userId: Number(caller.userId),
          applicationId: ctx.params.id!,
          name: values.name,
          description: values.description,
          callbackUrl: values.callback_url,
          websiteUrl: values.website_url,
        });
      } catch (err) {
        if (!isRefusal(err, 'invalid')) throw err;
        const app = await this.editApplication.own(Number(caller.userId), ctx.params.id!);
        return this.show(ctx, caller, app, values, problemsByField(err.problems, 'name'), 422);
      }
      this.kit.seeOther(ctx, `/settings/developers/applications/${encodeURIComponent(ctx.params.id!)}?done=saved`);
    }, back));
  }
}

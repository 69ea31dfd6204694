import { Eta } from 'eta';

import { FORM_LAYOUT } from '../../web-pages/site-templates.js';
import { SETTINGS_SUBNAV } from './settings-nav.js';

export { STYLESHEET } from '../../web-pages/stylesheet.js';

/*
 * The web pages' templates (Eta, escaping every `<%= %>` by default; `<%~ %>` only for markup the templates made
 * themselves). Kept in TypeScript as strings so that the build carries them with the code.
 */

const SIGN_IN = `<% layout('@layout') %>
<form method="post" action="<%= it.webUrl %>/signin">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <input type="hidden" name="next" value="<%= it.next %>">
  <label>Login name <input name="username" autocomplete="username" required value="<%= it.username %>"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>
<p>No account yet? <a href="<%= it.webUrl %>/signup?next=<%= encodeURIComponent(it.next) %>">Sign up</a>.</p>
<p><a href="<%= it.webUrl %>/password-reset">Forgot your password?</a></p>
`;

const SIGN_UP = `<% layout('@layout') %>
<form method="post" action="<%= it.webUrl %>/signup">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <input type="hidden" name="next" value="<%= it.next %>">
  <label>Login name <input name="username" autocomplete="username" required value="<%= it.username %>"></label>
  <label>Email <input name="email" type="email" autocomplete="email" required value="<%= it.email %>"></label>
  <label>Real name (optional) <input name="real_name" autocomplete="name" value="<%= it.realName %>"></label>
  <label>Password (at least 8 characters) <input name="password" type="password" autocomplete="new-password" required></label>
  <button type="submit">Sign up</button>
</form>
`;

const SIGN_UP_SENT = `<% layout('@layout') %>
<p>We have mailed a link to the address you gave. Open it to confirm the address; it works once, for two days.</p>
<p>If that address already has an account, the mail tells its owner so instead, with a way to choose a new password.</p>
<p>You can <a href="<%= it.webUrl %>/signin?next=<%= encodeURIComponent(it.next) %>">sign in</a> before you confirm: until
then you can browse, keep a collection and a wantlist, but not sell, buy or write to traders.</p>
<p class="small">No mail? Look in the spam folder, or sign in and have it sent again from your email settings.</p>
`;

const AUTHORIZE = `<% layout('@layout') %>
<p><strong><%= it.application %></strong> asks to act for your account <strong><%= it.user %></strong>: to read and change
what you can through the API. It will not see your password. You can take this back at any time under Connected applications.</p>
<form method="post" action="<%= it.webUrl %>/oauth/authorize">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <input type="hidden" name="oauth_token" value="<%= it.token %>">
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>
<p class="small">This request expires at <%= it.expiresAt %>.</p>
`;

const VERIFIER = `<% layout('@layout') %>
<p>You approved <strong><%= it.application %></strong>. Enter this code in the application:</p>
<p class="secret" id="verifier"><%= it.verifier %></p>
`;

const DENIED = `<% layout('@layout') %>
<p>You denied <strong><%= it.application %></strong> access to your account.</p>
`;

const DEVELOPERS = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<% if (it.created) { %>
<section class="created" role="status">
  <p><%= it.created.what %> Copy the secret now: it is not shown again.</p>
  <% it.created.values.forEach(function (v, i) { %><p><label for="created-<%= i %>"><%= v.label %></label>
  <input id="created-<%= i %>" class="secret" readonly value="<%= v.value %>"></p><% }) %>
</section>
<% } %>
<h2>Calling the API</h2>
<p>The API is at <code><%= it.portal.apiUrl %></code>; every endpoint is described in the
<a href="<%= it.portal.docsUrl %>">API reference</a>. Send a <code>User-Agent</code> naming your program.</p>
<ul>
  <li>As yourself, with a personal access token (below): the header <code>Authorization: <%= it.portal.brand %> token=</code> followed by the token,
    or <code>?token=</code> on the URL. For example: <code>curl -A "MyScript/1.0" -H "Authorization: <%= it.portal.brand %> token=YOUR_TOKEN" <%= it.portal.identityUrl %></code></li>
  <li>As an application, without a user: <code>Authorization: <%= it.portal.brand %> key=CONSUMER_KEY, secret=CONSUMER_SECRET</code>.</li>
  <li>As an application acting for a user: OAuth 1.0a with these addresses:
    request token <code><%= it.portal.oauth.requestToken %></code>, authorize <code><%= it.portal.oauth.authorize %></code>,
    access token <code><%= it.portal.oauth.accessToken %></code>.</li>
</ul>
<h3>Rate limits</h3>
<p>Requests are counted per address in windows of <%= it.portal.rateLimit.windowSeconds %> seconds:
<%= it.portal.rateLimit.anonymousPerWindow %> without credentials, <%= it.portal.rateLimit.authenticatedPerWindow %> with a token, a key
and secret, or OAuth. Every answer carries the headers <code>X-<%= it.portal.brand %>-Ratelimit</code>, <code>-Used</code> and <code>-Remaining</code>;
past the limit the answer is 429 with <code>Retry-After</code>. These pages count apart (<%= it.portal.rateLimit.pagesPerWindow %> a window).</p>
<h2>Applications</h2>
<% if (it.applications.length === 0) { %><p>No applications yet.</p><% } else { %>
<ul class="plain cards">
  <% it.applications.forEach(function (a) { %>
  <li><a href="<%= it.webUrl %>/settings/developers/applications/<%= encodeURIComponent(a.id) %>"><%= a.name %></a>
    <dl class="facts"><dt>Consumer key</dt><dd><code><%= a.consumerKey %></code></dd><dt>Callback URL</dt><dd><%= a.callbackUrl || '—' %></dd><dt>Registered</dt><dd><%= a.createdAt %></dd></dl>
    <form method="post" action="<%= it.webUrl %>/settings/developers/applications/<%= encodeURIComponent(a.id) %>/rotate">
      <input type="hidden" name="csrf" value="<%= it.csrf %>">
      <label><input type="checkbox" name="confirm" value="yes" required> Make a new secret for <%= a.name %> (the old one stops working)</label>
      <button type="submit" class="secondary" aria-label="New secret for <%= a.name %>">New secret</button>
    </form>
    <form method="post" action="<%= it.webUrl %>/settings/developers/applications/<%= encodeURIComponent(a.id) %>/delete">
      <input type="hidden" name="csrf" value="<%= it.csrf %>">
      <label><input type="checkbox" name="confirm" value="yes" required> Delete <%= a.name %> and every access it was given</label>
      <button type="submit" class="secondary">Delete</button>
    </form></li>
  <% }) %>
</ul>
<% } %>
<form method="post" action="<%= it.webUrl %>/settings/developers/applications">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label>Application name <input name="name" required maxlength="100"></label>
  <label>Callback URL (optional) <input name="callback_url" type="url"></label>
  <button type="submit">Register an application</button>
</form>
<h2>Personal access tokens</h2>
<% if (it.tokens.length === 0) { %><p>No tokens yet.</p><% } else { %>
<table>
  <thead><tr><th>Label</th><th>Ends with</th><th>Created</th><th>State</th><th></th></tr></thead>
  <tbody>
  <% it.tokens.forEach(function (t) { %>
    <tr><td><%= t.label %></td><td><code>…<%= t.lastCharacters %></code></td><td><%= t.createdAt %></td>
      <td><%= t.revokedAt ? 'revoked ' + t.revokedAt : 'active' %></td>
      <td><% if (!t.revokedAt) { %>
        <form method="post" action="<%= it.webUrl %>/settings/developers/tokens/<%= encodeURIComponent(t.id) %>/revoke" class="inline">
          <input type="hidden" name="csrf" value="<%= it.csrf %>">
          <button type="submit" class="secondary">Revoke</button>
        </form><% } %></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<form method="post" action="<%= it.webUrl %>/settings/developers/tokens">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label>Label (optional) <input name="label" maxlength="100"></label>
  <button type="submit">Generate token</button>
</form>
`;

const CONNECTED = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<% if (it.applications.length === 0) { %><p>No application can act for your account.</p><% } else { %>
<table>
  <thead><tr><th>Application</th><th>Since</th><th></th></tr></thead>
  <tbody>
  <% it.applications.forEach(function (a) { %>
    <tr><td><%= a.name %></td><td><%= a.since %></td><td>
      <form method="post" action="<%= it.webUrl %>/settings/connected/<%= encodeURIComponent(a.id) %>/revoke" class="inline">
        <input type="hidden" name="csrf" value="<%= it.csrf %>">
        <button type="submit" class="secondary">Revoke access</button>
      </form></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
`;

const MESSAGE = `<% layout('@layout') %>
<% if (it.link) { %><p><a href="<%= it.link.href %>"><%= it.link.text %></a></p><% } %>
`;

/** The page templates, loaded once. */
export function pageTemplates(): Eta {
  const eta = new Eta({ autoEscape: true, views: '/nonexistent', cache: true });
  eta.loadTemplate('@layout', FORM_LAYOUT);
  eta.loadTemplate('@signin', SIGN_IN);
  eta.loadTemplate('@signup', SIGN_UP);
  eta.loadTemplate('@signup-sent', SIGN_UP_SENT);
  eta.loadTemplate('@authorize', AUTHORIZE);
  eta.loadTemplate('@verifier', VERIFIER);
  eta.loadTemplate('@denied', DENIED);
  eta.loadTemplate('@developers', DEVELOPERS);
  eta.loadTemplate('@connected', CONNECTED);
  eta.loadTemplate('@message', MESSAGE);
  return eta;
}

import type { Eta } from 'eta';
import { SETTINGS_SUBNAV } from '../identity/web/settings-nav.js';
import { pageTemplates } from '../identity/web/templates.js';

/*
 * The webhooks' web pages (part of the developer settings), in the layout and style of the other web pages (Eta,
 * escaping every `<%= %>`).
 */

const CSRF = `<input type="hidden" name="csrf" value="<%= it.csrf %>">`;

const WEBHOOKS = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<p>A webhook sends your events (new orders, messages, sold listings…) to a URL of yours as they happen, signed with
its secret, in order, at least once. How to check a request: <a href="<%= it.docsUrl %>">the API reference</a>, Webhooks.</p>
<% if (it.created) { %>
<section class="notice" role="status">
  <p>Subscribed <%= it.created.url %>. Copy the signing secret now: it is not shown again.</p>
  <p><label for="created-secret">Signing secret</label> <input id="created-secret" class="secret" readonly value="<%= it.created.secret %>"></p>
</section>
<% } %>
<% if (it.webhooks.length === 0) { %><p>No webhooks yet.</p><% } else { %>
<table>
  <thead><tr><th>URL</th><th>Events</th><th>State</th><th></th></tr></thead>
  <tbody>
  <% it.webhooks.forEach(function (w) { %>
    <tr><td><a href="<%= it.webUrl %>/settings/developers/webhooks/<%= w.id %>"><%= w.url %></a></td><td><%= w.events.join(', ') %></td>
      <td><%= w.status %><% if (w.failingReason) { %>: <%= w.failingReason %><% } %></td>
      <td><a href="<%= it.webUrl %>/settings/developers/webhooks/<%= w.id %>">Deliveries</a></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<h2>New webhook</h2>
<form method="post" action="<%= it.webUrl %>/settings/developers/webhooks">
  ${CSRF}
  <label for="webhook-url">URL (https)</label>
  <input id="webhook-url" name="url" type="url" required maxlength="2000" value="<%= it.form.url %>"<%~ it.errors.url ? ' aria-invalid="true" aria-describedby="webhook-url-error"' : '' %>>
  <% if (it.errors.url) { %><p class="error" id="webhook-url-error"><%= it.errors.url %></p><% } %>
  <fieldset<%~ it.errors.events ? ' aria-describedby="webhook-events-error"' : '' %>><legend>Events</legend>
  <% it.eventTypes.forEach(function (t) { %><label><input type="checkbox" name="events" value="<%= t %>"<%= it.form.events.includes(t) ? ' checked' : '' %>> <%= t %></label>
  <% }) %>
  <% if (it.errors.events) { %><p class="error" id="webhook-events-error"><%= it.errors.events %></p><% } %>
  </fieldset>
  <button type="submit">Add webhook</button>
</form>
`;

const WEBHOOK = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<p><a href="<%= it.webUrl %>/settings/developers/webhooks">All your webhooks</a></p>
<dl>
  <dt>URL</dt><dd><%= it.webhook.url %></dd>
  <dt>Events</dt><dd><%= it.webhook.events.join(', ') %></dd>
  <dt>State</dt><dd><%= it.webhook.status %><% if (it.webhook.failingReason) { %>: <%= it.webhook.failingReason %><% } %></dd>
  <% if (it.webhook.nextAttempt) { %><dt>Next attempt</dt><dd><%= it.webhook.nextAttempt %> (after <%= it.webhook.failures %> failed)</dd><% } %>
</dl>
<% if (it.webhook.status === 'failing') { %>
<form method="post" action="<%= it.webUrl %>/settings/developers/webhooks/<%= it.webhook.id %>/enable">
  ${CSRF}
  <button type="submit">Turn it back on</button>
</form>
<% } %>
<h2>Recent deliveries</h2>
<% if (it.deliveries.length === 0) { %><p>Nothing delivered yet.</p><% } else { %>
<table>
  <thead><tr><th>When</th><th>Event</th><th>Attempt</th><th>Outcome</th><th>Answer</th><th></th></tr></thead>
  <tbody>
  <% it.deliveries.forEach(function (d) { %>
    <tr><td><%= d.started %></td><td><%= d.eventType %> #<%= d.eventId %></td><td><%= d.attempt %><%= d.redelivery ? ' (again)' : '' %></td>
      <td><%= d.outcome %> in <%= d.durationMs %> ms</td>
      <td><%= d.responseStatus === null ? '—' : d.responseStatus %><% if (d.error) { %>: <%= d.error %><% } %></td>
      <td><form method="post" action="<%= it.webUrl %>/settings/developers/webhooks/<%= it.webhook.id %>/deliveries/<%= d.id %>/redeliver" class="inline">
        ${CSRF}
        <button type="submit" class="secondary">Send again</button>
      </form></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<h2>Delete</h2>
<form method="post" action="<%= it.webUrl %>/settings/developers/webhooks/<%= it.webhook.id %>/delete">
  ${CSRF}
  <label><input type="checkbox" name="confirm" value="yes" required> Delete this webhook and its delivery log</label>
  <button type="submit" class="secondary">Delete</button>
</form>
`;

/** The page templates of the other web pages, with the webhooks' pages added. */
export function webhookPageTemplates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@webhooks', WEBHOOKS);
  eta.loadTemplate('@webhook', WEBHOOK);
  return eta;
}

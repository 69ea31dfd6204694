import type { Eta } from 'eta';
import { SETTINGS_SUBNAV } from './settings-nav.js';
import { pageTemplates } from './templates.js';

export { SETTINGS_PAGES, SETTINGS_SUBNAV } from './settings-nav.js';

/*
 * The account settings pages (password, …) in the layout of the other settings pages, with the settings sub-nav.
 * Every problem is shown next to its field (`aria-invalid`, `aria-describedby`), the values typed kept except
 * passwords. Kept in TypeScript as strings so that the build carries them with the code.
 */

/** A labelled password input with its problem (if any) beside it. */
const passwordField = (name: string, label: string, autocomplete: string): string => `
  <label for="${name}">${label}</label>
  <input id="${name}" name="${name}" type="password" autocomplete="${autocomplete}" required maxlength="200"
    <%~ it.problems['${name}'] ? 'aria-invalid="true" aria-describedby="${name}-problem"' : '' %>>
  <% if (it.problems['${name}']) { %><p class="error" id="${name}-problem"><%= it.problems['${name}'] %></p><% } %>`;

const PASSWORD = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<p>Changing your password signs you out everywhere else (other browsers and devices); this browser stays signed in.
Applications you authorized keep their access: see Connected applications.</p>
<form method="post" action="<%= it.webUrl %>/settings/password">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  ${passwordField('current_password', 'Current password', 'current-password')}
  ${passwordField('password', 'New password (at least 8 characters)', 'new-password')}
  ${passwordField('confirm_password', 'New password again', 'new-password')}
  <button type="submit">Change password</button>
</form>
`;

/** The way to have a confirmation link sent again (the email page, and the page of a link that does not work). */
const RESEND = `<form method="post" action="<%= it.webUrl %>/settings/email/resend">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <button type="submit" class="secondary">Send the link again</button>
</form>`;

const EMAIL = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<p>Password reset links and notices go to this address. It is never shown to others.</p>
<% if (!it.confirmed) { %><section class="confirm-email" aria-labelledby="confirm-heading">
<h2 id="confirm-heading">Confirm your email address</h2>
<p>Your address <strong><%= it.email %></strong> is not confirmed yet. Until it is, you can browse, keep a collection
and a wantlist, but not sell, buy or write to traders. Open the link we mailed to it, or have it sent again.</p>
${RESEND}
</section><% } %>
<% if (it.pending) { %><section class="confirm-email" aria-labelledby="pending-heading">
<h2 id="pending-heading">Change waiting for confirmation</h2>
<p>A link to confirm <strong><%= it.pending %></strong> was mailed to that address. Your address stays
<strong><%= it.email %></strong> until the link is opened.</p>
${RESEND}
</section><% } %>
<p>A new address takes effect when you open the link we mail to it; until then your address stays as it is.</p>
<form method="post" action="<%= it.webUrl %>/settings/email">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="<%= it.typed ?? it.email %>"
    <%~ it.problems.email ? 'aria-invalid="true" aria-describedby="email-problem"' : '' %>>
  <% if (it.problems.email) { %><p class="error" id="email-problem"><%= it.problems.email %></p><% } %>
  ${passwordField('password', 'Your password', 'current-password')}
  <button type="submit">Change email address</button>
</form>
`;

const RESET_REQUEST = `<% layout('@layout') %>
<p>Give your login name or the email address of your account. If an account has it, a link to choose a new password
is mailed to the account's address; it works once, for an hour.</p>
<form method="post" action="<%= it.webUrl %>/password-reset">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label for="login">Login name or email address</label>
  <input id="login" name="login" autocomplete="username" required maxlength="320" value="<%= it.login %>"
    <%~ it.problems.login ? 'aria-invalid="true" aria-describedby="login-problem"' : '' %>>
  <% if (it.problems.login) { %><p class="error" id="login-problem"><%= it.problems.login %></p><% } %>
  <button type="submit">Send me a link</button>
</form>
<p><a href="<%= it.webUrl %>/signin">Back to sign in</a></p>
`;

const RESET_CONFIRM = `<% layout('@layout') %>
<% if (it.problems.reset) { %><p class="error" id="reset-problem"><%= it.problems.reset %></p>
<p><a href="<%= it.webUrl %>/password-reset">Ask for a new link</a></p><% } %>
<form method="post" action="<%= it.webUrl %>/password-reset/confirm">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <input type="hidden" name="reset" value="<%= it.token %>">
  ${passwordField('password', 'New password (at least 8 characters)', 'new-password')}
  ${passwordField('confirm_password', 'New password again', 'new-password')}
  <button type="submit">Set the new password</button>
</form>
<p class="small">Setting it signs you out everywhere and signs you in here.</p>
`;

const CONFIRM_EMAIL = `<% layout('@layout') %>
<% if (it.problems.confirm) { %><p class="error" id="confirm-problem"><%= it.problems.confirm %></p>
<% if (it.user) { %>${RESEND}<% } else { %><p><a href="<%= it.webUrl %>/signin?next=/settings/email">Sign in to have a new link sent</a></p><% } %>
<% } else if (it.done) { %><p><% if (it.user) { %><a href="<%= it.webUrl %>/settings/email">Your email settings</a><% } else { %><a href="<%= it.webUrl %>/signin">Sign in</a><% } %></p>
<% } else { %><p>Confirm that this is your email address: the link from the mail brought you here.</p>
<form method="post" action="<%= it.webUrl %>/email-confirm">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <input type="hidden" name="confirm" value="<%= it.token %>">
  <button type="submit">Confirm my email address</button>
</form><% } %>
`;

/** The account pages' templates on the identity pages' layout. */
export function accountTemplates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@password', PASSWORD);
  eta.loadTemplate('@email', EMAIL);
  eta.loadTemplate('@reset-request', RESET_REQUEST);
  eta.loadTemplate('@reset-confirm', RESET_CONFIRM);
  eta.loadTemplate('@confirm-email', CONFIRM_EMAIL);
  return eta;
}

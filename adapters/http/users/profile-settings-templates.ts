import type { Eta } from 'eta';
import { accountTemplates, SETTINGS_SUBNAV } from '../identity/web/account-templates.js';

/** A labelled input or text area of the profile form, its value kept and its problem (if any) beside it. */
const field = (name: string, label: string, control: 'input' | 'textarea', attributes = ''): string => `
  <label for="${name}">${label}</label>
  ${control === 'input'
    ? `<input id="${name}" name="${name}" ${attributes} value="<%= it.form['${name}'] %>"`
    : `<textarea id="${name}" name="${name}" rows="8" ${attributes}`}
    <%~ it.problems['${name}'] ? 'aria-invalid="true" aria-describedby="${name}-problem"' : '' %>>${control === 'textarea' ? `<%= it.form['${name}'] %></textarea>` : ''}
  <% if (it.problems['${name}']) { %><p class="error" id="${name}-problem"><%= it.problems['${name}'] %></p><% } %>`;

const PROFILE = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<p>What others see on <a href="<%= it.profileUrl %>">your profile</a>. The text takes the same markup as the API's
profile field (for example [b]bold[/b], [url=https://…]a link[/url]).</p>
<form method="post" action="<%= it.webUrl %>/settings/profile">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  ${field('real_name', 'Real name', 'input', 'autocomplete="name" maxlength="200"')}
  ${field('home_page', 'Home page (an http or https address)', 'input', 'type="url" autocomplete="url" maxlength="2000"')}
  ${field('location', 'Location', 'input', 'maxlength="200"')}
  ${field('profile', 'About you', 'textarea', 'maxlength="10000"')}
  <label for="curr_abbr">Currency you see prices in</label>
  <select id="curr_abbr" name="curr_abbr" <%~ it.problems.curr_abbr ? 'aria-invalid="true" aria-describedby="curr_abbr-problem"' : '' %>>
  <% it.currencies.forEach(function (c) { %><option value="<%= c %>"<%~ c === it.form.curr_abbr ? ' selected' : '' %>><%= c %></option>
  <% }) %></select>
  <% if (it.problems.curr_abbr) { %><p class="error" id="curr_abbr-problem"><%= it.problems.curr_abbr %></p><% } %>
  <button type="submit">Save profile</button>
</form>
`;

/** The profile settings page on the account pages' layout. */
export function profileSettingsTemplates(): Eta {
  const eta = accountTemplates();
  eta.loadTemplate('@profile-settings', PROFILE);
  return eta;
}

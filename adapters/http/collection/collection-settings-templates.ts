import type { Eta } from 'eta';
import { SETTINGS_SUBNAV } from '../identity/web/settings-nav.js';
import { pageTemplates } from '../identity/web/templates.js';
import { RECORDS_SUBNAV } from '../web-pages/seller-nav.js';

/*
 * The collection settings page, in the layout and style of the other web pages (Eta escapes every `<%= %>`). Kept in
 * TypeScript as strings so that the build carries them with the code.
 */

const CSRF = `<input type="hidden" name="csrf" value="<%= it.csrf %>">`;

const SETTINGS = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<%~ include('@records-nav', it) %>
<p class="small">Your collection and wantlist through the API: <a href="<%= it.foldersUrl %>">folders</a>, <a href="<%= it.wantsUrl %>">wantlist</a>.</p>
<h2>Who sees them</h2>
<form method="post" action="<%= it.webUrl %>/settings/collection/privacy">
  ${CSRF}
  <label><input type="checkbox" name="collection_public" value="1" <%= it.privacy.collectionPublic ? 'checked' : '' %>> Everyone may see my collection (folder "All" and the public notes fields)</label>
  <label><input type="checkbox" name="wantlist_public" value="1" <%= it.privacy.wantlistPublic ? 'checked' : '' %>> Everyone may see my wantlist</label>
  <button type="submit">Save</button>
</form>
<h2>Notes fields</h2>
<p class="small">Each copy in your collection can carry a value for each field. A dropdown takes one of its options; a text box any text.
Private fields are seen by you alone.</p>
<table>
  <thead><tr><th>Field</th><th>Kind</th><th>Who sees it</th><th></th></tr></thead>
  <tbody>
  <% it.fields.forEach(function (f, i) { %>
  <tr>
    <td>
      <form method="post" action="<%= it.webUrl %>/settings/collection/fields/<%= f.id %>">
        ${CSRF}
        <input type="hidden" name="type" value="<%= f.type %>">
        <label>Name <input name="name" value="<%= f.name %>" maxlength="100" required></label>
        <% if (f.type === 'dropdown') { %>
        <label>Options, one per line <textarea name="options" rows="5"><%= f.options.join('\\n') %></textarea></label>
        <% } else { %>
        <label>Lines <input name="lines" type="number" min="1" max="20" value="<%= f.lines %>"></label>
        <% } %>
        <label><input type="checkbox" name="public" value="1" <%= f.public ? 'checked' : '' %>> Public</label>
        <button type="submit">Save field</button>
      </form>
    </td>
    <td><%= f.type === 'dropdown' ? 'dropdown' : 'text box' %></td>
    <td><%= f.public ? 'everyone' : 'only you' %></td>
    <td>
      <% if (i > 0) { %><form method="post" action="<%= it.webUrl %>/settings/collection/fields/<%= f.id %>/move" class="inline">${CSRF}<input type="hidden" name="step" value="up"><button type="submit" class="secondary">Up</button></form><% } %>
      <% if (i < it.fields.length - 1) { %><form method="post" action="<%= it.webUrl %>/settings/collection/fields/<%= f.id %>/move" class="inline">${CSRF}<input type="hidden" name="step" value="down"><button type="submit" class="secondary">Down</button></form><% } %>
      <form method="post" action="<%= it.webUrl %>/settings/collection/fields/<%= f.id %>/remove" class="inline">${CSRF}<button type="submit" class="secondary">Remove</button></form>
    </td>
  </tr>
  <% }) %>
  </tbody>
</table>
<h2>New field</h2>
<form method="post" action="<%= it.webUrl %>/settings/collection/fields">
  ${CSRF}
  <label>Name <input name="name" maxlength="100" required value="<%= it.form.name || '' %>"></label>
  <label>Kind
    <select name="type">
      <option value="dropdown" <%= it.form.type === 'textarea' ? '' : 'selected' %>>Dropdown</option>
      <option value="textarea" <%= it.form.type === 'textarea' ? 'selected' : '' %>>Text box</option>
    </select>
  </label>
  <label>Options of a dropdown, one per line <textarea name="options" rows="4"><%= it.form.options || '' %></textarea></label>
  <label>Lines of a text box <input name="lines" type="number" min="1" max="20" value="<%= it.form.lines || 3 %>"></label>
  <label><input type="checkbox" name="public" value="1"> Public</label>
  <button type="submit">Add field</button>
</form>
`;

/** The page templates with the collection settings page added. */
export function collectionSettingsTemplates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@collection-settings', SETTINGS);
  eta.loadTemplate('@records-nav', RECORDS_SUBNAV);
  return eta;
}

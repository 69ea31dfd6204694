import type { Eta } from 'eta';
import { pageTemplates } from '../identity/web/templates.js';

/*
 * The lists' web pages, in the layout and style of the other web pages (Eta, escaping every `<%= %>`). Kept in
 * TypeScript as strings so that the build carries them with the code.
 */

const CSRF = `<input type="hidden" name="csrf" value="<%= it.csrf %>">`;

const LISTS = `<% layout('@layout') %>
<% if (it.lists.length === 0) { %><p>You have no lists yet.</p><% } else { %>
<table>
  <thead><tr><th>Name</th><th>Who sees it</th><th>Items</th><th>Changed</th><th></th></tr></thead>
  <tbody>
  <% it.lists.forEach(function (l) { %>
    <tr><td><a href="<%= it.webUrl %>/settings/lists/<%= l.id %>"><%= l.name %></a></td>
      <td><%= l.isPublic ? 'everyone' : 'only you' %></td><td><%= l.itemCount %></td><td><%= l.changedAt %></td>
      <td><a href="<%= l.apiUrl %>">API</a></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<% if (it.previousPage || it.nextPage) { %><p>
  <% if (it.previousPage) { %><a href="<%= it.webUrl %>/settings/lists?page=<%= it.previousPage %>">Previous page</a><% } %>
  <% if (it.nextPage) { %><a href="<%= it.webUrl %>/settings/lists?page=<%= it.nextPage %>">Next page</a><% } %>
</p><% } %>
<h2>New list</h2>
<form method="post" action="<%= it.webUrl %>/settings/lists">
  ${CSRF}
  <label>Name <input name="name" required maxlength="200" value="<%= it.form.name %>"></label>
  <label>Description (optional) <textarea name="description" maxlength="10000" rows="3"><%= it.form.description %></textarea></label>
  <label><input type="checkbox" name="public" value="true"<%= it.form.isPublic ? ' checked' : '' %>> Public: anyone may see it</label>
  <button type="submit">Create list</button>
</form>
`;

const LIST = `<% layout('@layout') %>
<p><a href="<%= it.webUrl %>/settings/lists">All your lists</a> · <a href="<%= it.list.apiUrl %>">This list in the API</a></p>
<h2>Details</h2>
<form method="post" action="<%= it.webUrl %>/settings/lists/<%= it.list.id %>">
  ${CSRF}
  <label>Name <input name="name" required maxlength="200" value="<%= it.details.name %>"></label>
  <label>Description <textarea name="description" maxlength="10000" rows="4"><%= it.details.description %></textarea></label>
  <label><input type="checkbox" name="public" value="true"<%= it.details.isPublic ? ' checked' : '' %>> Public: anyone may see it</label>
  <button type="submit">Save details</button>
</form>
<h2>Items</h2>
<% if (it.list.items.length === 0) { %><p>No items yet.</p><% } else { %>
<table>
  <thead><tr><th>#</th><th>Item</th><th>Comment</th><th></th></tr></thead>
  <tbody>
  <% it.list.items.forEach(function (item, n) { %>
    <% var action = it.webUrl + '/settings/lists/' + it.list.id + '/items/' + item.kind + '/' + item.catalogueId; %>
    <tr><td><%= n + 1 %></td>
      <td><%= item.kind %> <%= item.catalogueId %>: <a href="<%= item.webUrl %>"><%= item.displayTitle %></a><% if (!item.found) { %> (not in the catalogue)<% } %></td>
      <td><form method="post" action="<%= action %>">
        ${CSRF}
        <textarea name="comment" maxlength="2000" rows="2" aria-label="Comment on item <%= n + 1 %>"><%= item.comment %></textarea>
        <button type="submit">Save comment</button>
      </form></td>
      <td>
        <% if (n > 0) { %><form method="post" action="<%= action %>" class="inline">${CSRF}<input type="hidden" name="position" value="<%= n %>"><button type="submit" class="secondary">Up</button></form><% } %>
        <% if (n < it.list.items.length - 1) { %><form method="post" action="<%= action %>" class="inline">${CSRF}<input type="hidden" name="position" value="<%= n + 2 %>"><button type="submit" class="secondary">Down</button></form><% } %>
        <form method="post" action="<%= action %>/remove" class="inline">${CSRF}<button type="submit" class="secondary">Remove</button></form>
      </td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<h2>Add an item</h2>
<form method="post" action="<%= it.webUrl %>/settings/lists/<%= it.list.id %>/items">
  ${CSRF}
  <label>Kind <select name="type">
    <% it.kinds.forEach(function (k) { %><option value="<%= k %>"<%= it.item.type === k ? ' selected' : '' %>><%= k %></option><% }) %>
  </select></label>
  <label>Id <input name="id" required inputmode="numeric" pattern="[0-9]+" value="<%= it.item.id %>"></label>
  <label>Comment (optional) <textarea name="comment" maxlength="2000" rows="2"><%= it.item.comment %></textarea></label>
  <button type="submit">Add item</button>
</form>
<h2>Delete this list</h2>
<form method="post" action="<%= it.webUrl %>/settings/lists/<%= it.list.id %>/delete">
  ${CSRF}
  <button type="submit" class="secondary">Delete “<%= it.list.name %>” and its items</button>
</form>
`;

/** The web pages' templates (layout, message page…) with the lists' pages added: `@lists` and `@list`. */
export function listPageTemplates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@lists', LISTS);
  eta.loadTemplate('@list', LIST);
  return eta;
}

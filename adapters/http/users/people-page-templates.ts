import type { Eta } from 'eta';
import { cataloguePageTemplates } from '../catalogue/catalogue-page-templates.js';
import { RECORDS_SUBNAV } from '../web-pages/seller-nav.js';

/*
 * The people's pages (a profile, a collection, a wantlist, a release's copies, a list), in the site's layout with the catalogue's partials
 * (`@links`, `@facts`, `@pager`, `@sort`). Each takes a view its page module prepared (links made, dates in words);
 * the profile text is the API's html text format (escaped markup already) and is written unescaped.
 */

const PROFILE = `<% layout('@site') %>
<img class="avatar" src="<%= it.avatar %>" alt="" width="80" height="80">
<%~ include('@facts', { facts: it.facts }) %>
<% if (it.profile) { %><h2>About</h2><div class="notes"><%~ it.profile %></div><% } %>
<h2>Records</h2>
<ul>
<% it.records.forEach(function (r) { %>  <li><% if (r.href) { %><a href="<%= r.href %>"><%= r.text %></a><% } else { %><%= r.text %><% } %></li>
<% }) %></ul>
<p class="small"><a href="<%= it.apiUrl %>">This profile in the API</a>.</p>
`;

/** A table of releases (a folder's instances or a wantlist), with the notes each row may show. */
const RECORDS = `<% if (it.rows.length === 0) { %><p><%= it.empty %></p><% } else { %>
<table>
  <thead><tr><th scope="col">Release</th><th scope="col">Artist</th><th scope="col">Year</th><th scope="col">Rating</th><th scope="col">Added</th><th scope="col">Notes</th></tr></thead>
  <tbody>
  <% it.rows.forEach(function (r) { %>
    <tr><td><a href="<%= r.href %>"><%= r.title %></a></td><td><%= r.artist %></td><td><%= r.year %></td><td><%= r.rating %></td><td><%= r.added %></td>
      <td><% r.notes.forEach(function (n) { %><span class="note"><%= n.name %>: <%= n.value %></span> <% }) %></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>`;

/** The records' sub-nav, to their owner (`ownerNav`: their name as `user`, the page's path as `here`). */
const OWNER_NAV = `<% if (it.ownerNav) { %><%~ include('@records-nav', { webUrl: it.webUrl, user: it.ownerNav.user, here: it.ownerNav.here }) %><% } %>`;

const COLLECTION = `<% layout('@site') %>
${OWNER_NAV}
<p>The collection of <a href="<%= it.profileUrl %>"><%= it.owner %></a>.</p>
<% if (it.folders.length > 1) { %>
<nav aria-label="Folders"><ul class="plain">
<% it.folders.forEach(function (f) { %>  <li><% if (f.current) { %><strong aria-current="page"><%= f.name %> (<%= f.count %>)</strong><% } else { %><a href="<%= f.href %>"><%= f.name %> (<%= f.count %>)</a><% } %></li>
<% }) %></ul></nav>
<% } %>
<form class="filters" method="get" action="<%= it.path %>">
  <input type="hidden" name="folder" value="<%= it.folder %>">
<%~ include('@sort', it) %>  <button type="submit">Sort</button>
</form>
<%~ include('@records', it) %>
<%~ include('@pager', { pager: it.pager }) %>
<p class="small"><a href="<%= it.apiUrl %>">This folder in the API</a>.</p>
`;

const WANTS = `<% layout('@site') %>
${OWNER_NAV}
<p>The wantlist of <a href="<%= it.profileUrl %>"><%= it.owner %></a>.</p>
<form class="filters" method="get" action="<%= it.path %>">
<%~ include('@sort', it) %>  <button type="submit">Sort</button>
</form>
<%~ include('@records', it) %>
<%~ include('@pager', { pager: it.pager }) %>
<p class="small"><a href="<%= it.apiUrl %>">This wantlist in the API</a>.</p>
`;

const CSRF = `<input type="hidden" name="csrf" value="<%= it.csrf %>">`;

/** A field's problem, named by the control's `aria-describedby`. */
const PROBLEM = `<% if (it.problem) { %><p class="error" id="<%= it.id %>-problem"><%= it.problem %></p><% } %>`;

/** `aria-invalid` and `aria-describedby` of a control with a problem. */
const INVALID = `<% if (it.problem) { %> aria-invalid="true" aria-describedby="<%= it.id %>-problem"<% } %>`;

const COPIES = `<% layout('@site') %>
<% if (it.notice) { %><p class="notice" role="status"><%= it.notice %></p><% } %>
<p><a href="<%= it.releaseUrl %>">Back to the release</a> · <a href="<%= it.collectionUrl %>">Your collection</a> · <a href="<%= it.wantsUrl %>">Your wantlist</a></p>
<h2>In your collection</h2>
<% if (it.copies.length === 0) { %><p>You have no copy of this release yet.</p><% } %>
<% it.copies.forEach(function (c, n) { %>
<form method="post" action="<%= it.action %>/instances/<%= c.id %>">
  ${CSRF}
  <h3>Copy <%= n + 1 %></h3>
  <label for="folder-<%= c.id %>">Folder</label>
  <select id="folder-<%= c.id %>" name="folder_id"<%~ include('@invalid', { id: 'folder-' + c.id, problem: c.problems.folder_id }) %>>
    <% it.folders.forEach(function (f) { %><option value="<%= f.id %>"<% if (f.id === c.folderId) { %> selected<% } %>><%= f.name %></option><% }) %>
  </select>
  <%~ include('@problem', { id: 'folder-' + c.id, problem: c.problems.folder_id }) %>
  <label for="rating-<%= c.id %>">Your rating</label>
  <select id="rating-<%= c.id %>" name="rating"<%~ include('@invalid', { id: 'rating-' + c.id, problem: c.problems.rating }) %>>
    <% it.ratings.forEach(function (r) { %><option value="<%= r %>"<% if (String(r) === c.rating) { %> selected<% } %>><%= r === 0 ? 'No rating' : r + ' of 5' %></option><% }) %>
  </select>
  <%~ include('@problem', { id: 'rating-' + c.id, problem: c.problems.rating }) %>
  <% c.fields.forEach(function (f) { var id = 'field-' + c.id + '-' + f.id; var problem = c.problems['field_' + f.id]; %>
  <label for="<%= id %>"><%= f.name %></label>
  <% if (f.type === 'dropdown') { %>
  <select id="<%= id %>" name="field_<%= f.id %>"<%~ include('@invalid', { id: id, problem: problem }) %>>
    <option value="">Not given</option>
    <% f.options.forEach(function (o) { %><option<% if (o === f.value) { %> selected<% } %>><%= o %></option><% }) %>
    <% if (f.value && f.options.indexOf(f.value) < 0) { %><option selected><%= f.value %></option><% } %>
  </select>
  <% } else { %>
  <textarea id="<%= id %>" name="field_<%= f.id %>" rows="<%= f.lines %>"<%~ include('@invalid', { id: id, problem: problem }) %>><%= f.value %></textarea>
  <% } %>
  <%~ include('@problem', { id: id, problem: problem }) %>
  <% }) %>
  <button type="submit">Save this copy</button>
</form>
<% }) %>
<form method="post" action="<%= it.action %>/collect">
  ${CSRF}
  <label for="collect-folder">Add a copy to the folder</label>
  <select id="collect-folder" name="folder_id"<%~ include('@invalid', { id: 'collect-folder', problem: it.problems.collect }) %>>
    <% it.folders.forEach(function (f) { %><option value="<%= f.id %>"><%= f.name %></option><% }) %>
  </select>
  <%~ include('@problem', { id: 'collect-folder', problem: it.problems.collect }) %>
  <button type="submit">Add to my collection</button>
</form>
<h2>In your wantlist</h2>
<p><%= it.want.wanted ? 'You want this release.' : 'This release is not in your wantlist.' %></p>
<form method="post" action="<%= it.action %>/want">
  ${CSRF}
  <label for="want-notes">Notes</label>
  <textarea id="want-notes" name="notes" rows="3"<%~ include('@invalid', { id: 'want-notes', problem: it.problems.want_notes }) %>><%= it.want.notes %></textarea>
  <%~ include('@problem', { id: 'want-notes', problem: it.problems.want_notes }) %>
  <label for="want-rating">Your rating</label>
  <select id="want-rating" name="rating"<%~ include('@invalid', { id: 'want-rating', problem: it.problems.want_rating }) %>>
    <% it.ratings.forEach(function (r) { %><option value="<%= r %>"<% if (String(r) === it.want.rating) { %> selected<% } %>><%= r === 0 ? 'No rating' : r + ' of 5' %></option><% }) %>
  </select>
  <%~ include('@problem', { id: 'want-rating', problem: it.problems.want_rating }) %>
  <label class="check"><input type="checkbox" name="notes_public" value="1"<% if (it.want.notes_public === 'true') { %> checked<% } %>> Everyone may see these notes</label>
  <button type="submit"><%= it.want.wanted ? 'Save my want' : 'Add to my wantlist' %></button>
</form>
`;

const LIST = `<% layout('@site') %>
<p>A list by <a href="<%= it.owner.href %>"><%= it.owner.name %></a><% if (!it.isPublic) { %> (private: only you see it)<% } %>.</p>
<% if (it.description) { %><div class="notes"><%~ it.description %></div><% } %>
<% if (it.items.length === 0) { %><p>Nothing on this list yet.</p><% } else { %>
<ol>
<% it.items.forEach(function (i) { %>  <li><a href="<%= i.href %>"><%= i.title %></a> <span class="small"><%= i.kind %></span><% if (i.comment) { %><br><%= i.comment %><% } %></li>
<% }) %></ol>
<% } %>
<p class="small">Made <%= it.added %>, last changed <%= it.changed %>. <a href="<%= it.apiUrl %>">This list in the API</a>.</p>
`;

const USER_LISTS = `<% layout('@site') %>
<p>The lists of <a href="<%= it.owner.href %>"><%= it.owner.name %></a>.</p>
<% if (it.lists.length === 0) { %><p>No lists yet.</p><% } else { %>
<ul class="plain">
<% it.lists.forEach(function (l) { %>  <li><a href="<%= l.href %>"><%= l.name %></a> <span class="small"><%= l.items %> <%= l.items === 1 ? 'item' : 'items' %><% if (!l.isPublic) { %>, private<% } %>, changed <%= l.changed %></span></li>
<% }) %></ul>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
`;

/** A refusal of a page with forms (the kit's message page), in the site's layout. */
const MESSAGE = `<% layout('@site') %>
<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<% if (it.link) { %><p><a href="<%= it.link.href %>"><%= it.link.text %></a></p><% } %>
`;

/** The site's and the catalogue's templates with the people's pages added. */
export function peoplePageTemplates(): Eta {
  const eta = cataloguePageTemplates();
  eta.loadTemplate('@profile', PROFILE);
  eta.loadTemplate('@records', RECORDS);
  eta.loadTemplate('@collection', COLLECTION);
  eta.loadTemplate('@wants', WANTS);
  eta.loadTemplate('@problem', PROBLEM);
  eta.loadTemplate('@invalid', INVALID);
  eta.loadTemplate('@copies', COPIES);
  eta.loadTemplate('@message', MESSAGE);
  eta.loadTemplate('@list', LIST);
  eta.loadTemplate('@user-lists', USER_LISTS);
  eta.loadTemplate('@records-nav', RECORDS_SUBNAV);
  return eta;
}

import type { Eta } from 'eta';
import { cataloguePageTemplates } from '../catalogue/catalogue-page-templates.js';

/*
 * The people's pages (a profile, a collection, a wantlist), in the site's layout with the catalogue's partials
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

const COLLECTION = `<% layout('@site') %>
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
<p>The wantlist of <a href="<%= it.profileUrl %>"><%= it.owner %></a>.</p>
<form class="filters" method="get" action="<%= it.path %>">
<%~ include('@sort', it) %>  <button type="submit">Sort</button>
</form>
<%~ include('@records', it) %>
<%~ include('@pager', { pager: it.pager }) %>
<p class="small"><a href="<%= it.apiUrl %>">This wantlist in the API</a>.</p>
`;

/** The site's and the catalogue's templates with the people's pages added. */
export function peoplePageTemplates(): Eta {
  const eta = cataloguePageTemplates();
  eta.loadTemplate('@profile', PROFILE);
  eta.loadTemplate('@records', RECORDS);
  eta.loadTemplate('@collection', COLLECTION);
  eta.loadTemplate('@wants', WANTS);
  return eta;
}

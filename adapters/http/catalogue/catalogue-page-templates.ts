import type { Eta } from 'eta';
import { siteTemplates } from '../web-pages/site-templates.js';

/*
 * The catalogue's pages, in the site's layout (`@site`). Each takes a view the page module prepares (links already
 * made, dates already in words); text fields in the API's html text format come as `html` and are written unescaped,
 * as the API's html format is escaped markup already.
 */

const LINKS = `<% it.links.forEach(function (l, n) { %><%= n ? (it.links[n - 1].join || ', ') : '' %><% if (l.href) { %><a href="<%= l.href %>"><%= l.text %></a><% } else { %><%= l.text %><% } %><% }) %>`;

/** The previous and next links of a list page (`pagerLinks`). */
export const PAGER = `<% if (it.pager && (it.pager.previous || it.pager.next)) { %>
<nav class="pages" aria-label="Pages">
  <% if (it.pager.previous) { %><a href="<%= it.pager.previous %>" rel="prev">Previous page</a><% } %>
  <span>Page <%= it.pager.page %> of <%= it.pager.pages %> (<%= it.pager.total %> in all)</span>
  <% if (it.pager.next) { %><a href="<%= it.pager.next %>" rel="next">Next page</a><% } %>
</nav>
<% } %>`;

const FACTS = `<dl class="facts">
<% it.facts.forEach(function (f) { %><% if (f.links ? f.links.length : f.text) { %>
  <dt><%= f.term %></dt><dd><% if (f.links) { %><%~ include('@links', { links: f.links }) %><% } else { %><%= f.text %><% } %></dd>
<% } %><% }) %>
</dl>`;

/** A list's sort key and direction, as the API takes them (`sort`, `sort_order`). */
export const SORT = `  <label>Sort by
    <select name="sort">
      <% it.sorts.forEach(function (s) { %><option value="<%= s %>"<% if (s === it.sort) { %> selected<% } %>><%= s %></option><% }) %>
    </select>
  </label>
  <label>Order
    <select name="sort_order">
      <option value="asc"<% if (it.sortOrder !== 'desc') { %> selected<% } %>>ascending</option>
      <option value="desc"<% if (it.sortOrder === 'desc') { %> selected<% } %>>descending</option>
    </select>
  </label>
`;

const HOME = `<% layout('@site') %>
<form method="get" action="<%= it.webUrl %>/search" role="search">
  <label>Search artists, releases, masters and labels <input type="search" name="q" required></label>
  <button type="submit">Search</button>
</form>
<% if (it.newest.length > 0) { %><h2>Recently added</h2>
<ul class="plain">
<% it.newest.forEach(function (r) { %>  <li><a href="<%= r.href %>"><%= r.title %></a><% if (r.artist) { %> by <%= r.artist %><% } %><% if (r.detail) { %> <span class="small">(<%= r.detail %>)</span><% } %></li>
<% }) %></ul>
<% } %>
<% if (it.listed.length > 0) { %><h2>Recently listed for sale</h2>
<ul class="plain">
<% it.listed.forEach(function (l) { %>  <li><a href="<%= l.href %>"><%= l.title %></a><% if (l.artist) { %> by <%= l.artist %><% } %>: <strong><%= l.price %></strong>, <%= l.condition %>, from <a href="<%= l.sellerHref %>"><%= l.seller %></a></li>
<% }) %></ul>
<% } %>
<h2>Start here</h2>
<ul>
<% it.examples.forEach(function (e) { %>  <li><a href="<%= e.href %>"><%= e.text %></a></li>
<% }) %></ul>
<h2>For developers</h2>
<p>Everything on these pages is also in the API: <a href="<%= it.webUrl %>/docs">the API reference</a>,
<a href="<%= it.webUrl %>/openapi.yaml">its OpenAPI description</a>, and
<a href="<%= it.webUrl %>/settings/developers">your applications and tokens</a>.</p>
`;

const RELEASE = `<% layout('@site') %>
<p class="byline">by <%~ include('@links', { links: it.artists }) %></p>
<% if (it.cover) { %><img src="<%= it.cover.uri %>" alt="Cover of <%= it.title %>" width="<%= it.cover.width %>" height="<%= it.cover.height %>"><% } %>
<%~ include('@facts', { facts: it.facts }) %>
<% if (it.master) { %><p><a href="<%= it.master %>#versions">All versions of this release</a></p><% } %>
<p><a href="<%= it.yours %>">In your collection and wantlist: add, rate, move, notes</a></p>
<h2>For sale</h2>
<p><%= it.forSale %><% if (it.forSaleHref) { %> <a href="<%= it.forSaleHref %>">See the copies for sale</a><% } %><% if (it.sellHref) { %> · <a href="<%= it.sellHref %>">Sell a copy</a><% } %></p>
<h2>Community</h2>
<p><%= it.community %></p>
<h2>Tracklist</h2>
<table>
  <thead><tr><th scope="col">Position</th><th scope="col">Title</th><% if (it.trackCredits) { %><th scope="col">Credits</th><% } %><th scope="col">Duration</th></tr></thead>
  <tbody>
  <% it.tracks.forEach(function (t) { %>
    <tr<% if (t.heading) { %> class="heading"<% } %>><td><%= t.position %></td><td><%= t.title %></td><% if (it.trackCredits) { %><td><%~ include('@links', { links: t.credits }) %></td><% } %><td><%= t.duration %></td></tr>
  <% }) %>
  </tbody>
</table>
<% if (it.credits.length) { %>
<h2>Credits</h2>
<ul>
<% it.credits.forEach(function (c) { %>  <li><%= c.role %> – <%~ include('@links', { links: [c] }) %><% if (c.tracks) { %> (<%= c.tracks %>)<% } %></li>
<% }) %></ul>
<% } %>
<% if (it.companies.length) { %>
<h2>Companies</h2>
<ul>
<% it.companies.forEach(function (c) { %>  <li><%= c.role %> – <%~ include('@links', { links: [c] }) %></li>
<% }) %></ul>
<% } %>
<% if (it.identifiers.length) { %>
<h2>Identifiers</h2>
<ul>
<% it.identifiers.forEach(function (i) { %>  <li><%= i.type %><% if (i.description) { %> (<%= i.description %>)<% } %>: <%= i.value %></li>
<% }) %></ul>
<% } %>
<% if (it.notes) { %><h2>Notes</h2><div class="notes"><%~ it.notes %></div><% } %>
<% if (it.videos.length) { %>
<h2>Videos</h2>
<ul>
<% it.videos.forEach(function (v) { %>  <li><a href="<%= v.uri %>"><%= v.title %></a> (<%= v.duration %>)</li>
<% }) %></ul>
<% } %>
<% if (it.images.length) { %>
<h2>Images</h2>
<ul class="plain">
<% it.images.forEach(function (i, n) { %>  <li><a href="<%= i.uri %>">Image <%= n + 1 %> (<%= i.width %> × <%= i.height %>)</a></li>
<% }) %></ul>
<% } %>
<p class="small">Added <%= it.added %>, last changed <%= it.changed %>. <a href="<%= it.apiUrl %>">This release in the API</a>.</p>
`;

const MASTER = `<% layout('@site') %>
<p class="byline">by <%~ include('@links', { links: it.artists }) %></p>
<%~ include('@facts', { facts: it.facts }) %>
<h2>Tracklist</h2>
<table>
  <thead><tr><th scope="col">Position</th><th scope="col">Title</th><th scope="col">Duration</th></tr></thead>
  <tbody>
  <% it.tracks.forEach(function (t) { %><tr><td><%= t.position %></td><td><%= t.title %></td><td><%= t.duration %></td></tr>
  <% }) %>
  </tbody>
</table>
<h2 id="versions">Versions</h2>
<form class="filters" method="get" action="<%= it.path %>#versions">
<% it.facets.forEach(function (f) { %>
  <label><%= f.title %>
    <select name="<%= f.id %>">
      <option value="">Any</option>
      <% f.values.forEach(function (v) { %><option value="<%= v.title %>"<% if (v.selected) { %> selected<% } %>><%= v.title %> (<%= v.count %>)</option><% }) %>
    </select>
  </label>
<% }) %>
  <%~ include('@sort', it) %>
  <button type="submit">Show versions</button>
</form>
<% if (!it.hasVersions) { %><p>The catalogue has no version of this master yet.</p><% } else if (it.versions.length === 0) { %><p>No version matches these filters.</p><% } else { %>
<table>
  <thead><tr><th scope="col">Title</th><th scope="col">Format</th><th scope="col">Label</th><th scope="col">Cat#</th><th scope="col">Country</th><th scope="col">Released</th></tr></thead>
  <tbody>
  <% it.versions.forEach(function (v) { %><tr><td><a href="<%= v.href %>"><%= v.title %></a></td><td><%= v.format %></td><td><%= v.label %></td><td><%= v.catno %></td><td><%= v.country %></td><td><%= v.released %></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
<p class="small"><a href="<%= it.apiUrl %>">This master in the API</a>.</p>
`;

/** An artist or a label: its facts, its profile, and its releases with sort and pages. */
const ENTITY = `<% layout('@site') %>
<% if (it.cover) { %><img src="<%= it.cover.uri %>" alt="Image of <%= it.title %>" width="<%= it.cover.width %>" height="<%= it.cover.height %>"><% } %>
<%~ include('@facts', { facts: it.facts }) %>
<% if (it.profile) { %><h2>Profile</h2><div class="notes"><%~ it.profile %></div><% } %>
<h2 id="releases">Releases</h2>
<% if (it.sorts) { %>
<form class="filters" method="get" action="<%= it.path %>#releases">
  <%~ include('@sort', it) %>
  <button type="submit">Sort</button>
</form>
<% } %>
<% if (it.releases.length === 0) { %><p>No releases.</p><% } else { %>
<table>
  <thead><tr><th scope="col">Title</th><th scope="col">Artist</th><th scope="col"><%= it.third %></th><th scope="col">Format</th><th scope="col">Year</th></tr></thead>
  <tbody>
  <% it.releases.forEach(function (r) { %><tr><td><a href="<%= r.href %>"><%= r.title %></a></td><td><%= r.artist %></td><td><%= r.third %></td><td><%= r.format %></td><td><%= r.year %></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
<p class="small"><a href="<%= it.apiUrl %>">This <%= it.kind %> in the API</a>.</p>
`;

const SEARCH = `<% layout('@site') %>
<form class="filters" method="get" action="<%= it.webUrl %>/search">
  <label>Search <input type="search" name="q" value="<%= it.q %>"></label>
  <label>Type
    <select name="type">
      <option value="">Any</option>
      <% it.types.forEach(function (t) { %><option value="<%= t %>"<% if (t === it.type) { %> selected<% } %>><%= t %></option><% }) %>
    </select>
  </label>
<% it.fields.forEach(function (f) { %>  <label><%= f.label %> <input name="<%= f.name %>" value="<%= f.value %>"></label>
<% }) %>
  <button type="submit">Search</button>
</form>
<% if (it.results) { %>
<% if (it.results.length === 0) { %><p>Nothing matches.</p><% } else { %>
<ul class="plain results">
<% it.results.forEach(function (r) { %>  <li><a href="<%= r.href %>"><%= r.title %></a> <span class="small"><%= r.kind %><% if (r.detail) { %> · <%= r.detail %><% } %></span></li>
<% }) %></ul>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
<% } %>
`;

/** The site's templates with the catalogue's pages added. */
export function cataloguePageTemplates(): Eta {
  const eta = siteTemplates();
  eta.loadTemplate('@links', LINKS);
  eta.loadTemplate('@pager', PAGER);
  eta.loadTemplate('@facts', FACTS);
  eta.loadTemplate('@sort', SORT);
  eta.loadTemplate('@home', HOME);
  eta.loadTemplate('@release', RELEASE);
  eta.loadTemplate('@master', MASTER);
  eta.loadTemplate('@entity', ENTITY);
  eta.loadTemplate('@search', SEARCH);
  return eta;
}

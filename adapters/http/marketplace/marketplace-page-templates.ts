import type { Eta } from 'eta';
import { pageTemplates } from '../identity/web/templates.js';

/*
 * The marketplace's pages, in the site's layout (`@site`), loaded into the catalogue's templates (which give the
 * links, facts, sort and pager parts). The seller's terms and a listing's comments come in the API's html text format
 * (escaped markup already) and are written unescaped.
 */

/** The currency prices are shown in, as the API's `curr_abbr` takes it. */
const CURRENCY = `  <label>Prices in
    <select name="curr_abbr">
      <% it.currencies.forEach(function (c) { %><option value="<%= c %>"<% if (c === it.currency) { %> selected<% } %>><%= c %></option><% }) %>
    </select>
  </label>
`;

const LISTING = `<% layout('@site') %>
<% const i = it.item %>
<% if (it.thumbnail) { %><img src="<%= it.thumbnail %>" alt="Cover of <%= i.release %>" width="150" height="150"><% } %>
<dl class="facts">
  <dt>Release</dt><dd><a href="<%= i.releaseHref %>"><%= i.release %></a></dd>
  <dt>Price</dt><dd><strong><%= i.price %></strong><% if (i.original) { %> <span class="small">(the seller asks <%= i.original %>)</span><% } %></dd>
  <dt>Shipping</dt><dd><%= i.shipping || 'ask the seller' %></dd>
  <dt>Media condition</dt><dd><%= i.condition %></dd>
  <% if (i.sleeve) { %><dt>Sleeve condition</dt><dd><%= i.sleeve %></dd><% } %>
  <dt>Status</dt><dd><%= i.status %></dd>
  <dt>Listed</dt><dd><%= i.posted %></dd>
  <dt>Seller</dt><dd><a href="<%= it.seller.href %>"><%= it.seller.name %></a> (<%= it.seller.rating %>)</dd>
  <% if (it.seller.shipsFrom) { %><dt>Ships from</dt><dd><%= it.seller.shipsFrom %></dd><% } %>
  <% if (it.seller.minimum) { %><dt>Minimum order</dt><dd><%= it.seller.minimum %></dd><% } %>
</dl>
<% if (!it.owner && i.status === 'For Sale') { %><p><a href="<%= it.webUrl %>/cart?add=<%= i.id %>">Add to cart</a></p><% } %>
<form class="filters" method="get" action="<%= it.path %>">
<%~ include('@currency', it) %>
  <button type="submit">Show prices</button>
</form>
<% if (i.comments) { %><h2>The seller's comments</h2><div class="notes"><%~ i.comments %></div><% } %>
<% if (it.owner) { %>
<h2>Yours alone</h2>
<p><a href="<%= it.webUrl %>/sell/item/<%= i.id %>/delete">Delete this listing</a></p>
<dl class="facts">
  <dt>Weight</dt><dd><%= it.owner.weight %> g</dd>
  <dt>Format quantity</dt><dd><%= it.owner.formatQuantity %></dd>
  <% if (it.owner.externalId) { %><dt>External id</dt><dd><%= it.owner.externalId %></dd><% } %>
  <% if (it.owner.location) { %><dt>Location</dt><dd><%= it.owner.location %></dd><% } %>
</dl>
<% } %>
<h2>Payment terms</h2>
<div class="notes"><%~ it.seller.payment %></div>
<h2>Shipping terms</h2>
<div class="notes"><%~ it.seller.shipping %></div>
<p class="small"><a href="<%= it.seller.href %>">Everything <%= it.seller.name %> sells</a> · <a href="<%= it.seller.profile %>">their profile</a> · <a href="<%= it.apiUrl %>">This listing in the API</a>.</p>
`;

const INVENTORY = `<% layout('@site') %>
<form class="filters" method="get" action="<%= it.path %>">
<% if (it.statuses) { %>
  <label>Status
    <select name="status">
      <% it.statuses.forEach(function (s) { %><option value="<%= s %>"<% if (s === it.status) { %> selected<% } %>><%= s %></option><% }) %>
    </select>
  </label>
<% } %>
  <%~ include('@sort', it) %>
<%~ include('@currency', it) %>
  <button type="submit">Show</button>
</form>
<% if (it.items.length === 0) { %><p><%= it.owner ? 'Nothing listed with this status.' : 'Nothing for sale just now.' %></p><% } else { %>
<table>
  <thead><tr><th scope="col">Item</th><th scope="col">Condition</th><th scope="col">Price</th><th scope="col">Shipping</th><% if (it.owner) { %><th scope="col">Status</th><% } %></tr></thead>
  <tbody>
  <% it.items.forEach(function (i) { %><tr><td><a href="<%= i.href %>"><%= i.release %></a></td><td><%= i.condition %><% if (i.sleeve) { %> / <%= i.sleeve %><% } %></td><td><%= i.price %></td><td><%= i.shipping || '–' %></td><% if (it.owner) { %><td><%= i.status %></td><% } %></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
<p class="small"><a href="<%= it.profile %>"><%= it.seller %>'s profile</a> · <a href="<%= it.apiUrl %>">This inventory in the API</a>.</p>
`;

const RELEASE_COPIES = `<% layout('@site') %>
<p><a href="<%= it.releaseHref %>">The release</a></p>
<form class="filters" method="get" action="<%= it.path %>">
<%~ include('@currency', it) %>
  <button type="submit">Show prices</button>
</form>
<% if (it.items.length === 0) { %><p>No copies for sale just now.</p><% } else { %>
<table>
  <thead><tr><th scope="col">Copy</th><th scope="col">Condition</th><th scope="col">Price</th><th scope="col">Seller</th></tr></thead>
  <tbody>
  <% it.items.forEach(function (i) { %><tr><td><a href="<%= i.href %>">Listing <%= i.id %></a></td><td><%= i.condition %><% if (i.sleeve) { %> / <%= i.sleeve %><% } %></td><td><%= i.price %><% if (i.shipping) { %> + <%= i.shipping %> shipping<% } %></td><td><a href="<%= i.sellerHref %>"><%= i.seller %></a></td></tr>
  <% }) %>
  </tbody>
</table>
<% if (it.more) { %><p class="small">And <%= it.more %> more: see each seller's inventory.</p><% } %>
<% } %>
`;

/** The given site templates (the catalogue's) with the marketplace's pages added. */
export function marketplacePageTemplates(eta: Eta): Eta {
  eta.loadTemplate('@currency', CURRENCY);
  eta.loadTemplate('@listing', LISTING);
  eta.loadTemplate('@inventory', INVENTORY);
  eta.loadTemplate('@release-copies', RELEASE_COPIES);
  return eta;
}

const LISTING_DELETE = `<% layout('@layout') %>
<p>Delete your listing <%= it.id %> of <%= it.what %>? Buyers will no longer see it; it cannot be undone.</p>
<form method="post" action="<%= it.action %>">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <button type="submit">Delete the listing</button>
</form>
<p><a href="<%= it.back %>">No, keep it</a></p>
`;

/** The signed-in pages' templates with the seller's listing forms added. */
export function listingFormTemplates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@listing-delete', LISTING_DELETE);
  return eta;
}

import type { Eta } from 'eta';
import { sellerPageTemplates } from '../web-pages/seller-nav.js';

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
<% if (it.notice) { %><p class="notice" role="status"><%= it.notice %></p><% } %>
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
<p><a href="<%= it.webUrl %>/sell/item/<%= i.id %>/edit">Edit this listing</a> · <a href="<%= it.webUrl %>/sell/item/<%= i.id %>/delete">Delete this listing</a></p>
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

/** A field's reason beside it, and the attributes that tie the field to it; `f` is the field's API name. */
const PROBLEM = (f: string) =>
  `<% if (it.problems.${f}) { %><span class="error" id="${f}-error" role="alert"><%= it.problems.${f} %></span><% } %>`;
const INVALID = (f: string) => `<% if (it.problems.${f}) { %> aria-invalid="true" aria-describedby="${f}-error"<% } %>`;
const TEXT = (f: string, label: string, max: string, size = 30) => `  <label>${label}
    <input type="text" name="${f}" size="${size}" maxlength="<%= ${max} %>" value="<%= it.form.${f} %>"${INVALID(f)}>
  </label>
  ${PROBLEM(f)}`;

/**
 * A listing's form, new (from a release's page) or filled (the seller's edit): the API's listing fields, the price in
 * the seller's currency (a new listing) or the listing's own (an edit).
 */
const LISTING_FORM = `<% layout('@layout') %>
<%~ include('@seller-nav', it) %>
<p><a href="<%= it.releaseHref %>">The release</a><% if (it.listingHref) { %> · <a href="<%= it.listingHref %>">The listing</a><% } %></p>
<% if (it.notSeller) { %>
<p class="error" role="alert">You are not a seller yet: write your payment and shipping terms in your
<a href="<%= it.webUrl %>/settings/seller">seller settings</a> first, then come back to list this release.</p>
<% } else { %>
<form method="post" action="<%= it.action %>">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <% if (it.listingHref) { %><input type="hidden" name="curr_abbr" value="<%= it.currency %>"><% } %>
  <label>Media condition
    <select name="condition" required${INVALID('condition')}>
      <option value="">(choose)</option>
      <% it.conditions.forEach(function (c) { %><option value="<%= c %>"<% if (c === it.form.condition) { %> selected<% } %>><%= c %></option><% }) %>
    </select>
  </label>
  ${PROBLEM('condition')}
  <label>Sleeve condition
    <select name="sleeve_condition"${INVALID('sleeve_condition')}>
      <option value="">(none given)</option>
      <% it.sleeves.forEach(function (c) { %><option value="<%= c %>"<% if (c === it.form.sleeve_condition) { %> selected<% } %>><%= c %></option><% }) %>
    </select>
  </label>
  ${PROBLEM('sleeve_condition')}
  <label>Price, in <%= it.currency %>
    <input type="text" name="price" size="12" inputmode="decimal" required value="<%= it.form.price %>"${INVALID('price')}>
  </label>
  ${PROBLEM('price')}
  <label>Comments for buyers (the markup of profiles: [b]bold[/b], [url=…]links[/url], …)
    <textarea name="comments" rows="4" cols="60" maxlength="<%= it.max.comments %>"${INVALID('comments')}><%= it.form.comments %></textarea>
  </label>
  ${PROBLEM('comments')}
  <label class="check"><input type="checkbox" name="allow_offers" value="yes"<% if (it.form.allow_offers) { %> checked<% } %>${INVALID('allow_offers')}> Buyers may make offers</label>
  ${PROBLEM('allow_offers')}
  <label>Status
    <select name="status"${INVALID('status')}>
      <% it.statuses.forEach(function (s) { %><option value="<%= s %>"<% if (s === it.form.status) { %> selected<% } %>><%= s === 'Draft' ? 'Draft (not shown to buyers)' : s %></option><% }) %>
    </select>
  </label>
  ${PROBLEM('status')}
  <h2>Yours alone</h2>
${TEXT('external_id', 'External id (your own reference)', 'it.max.externalId')}
${TEXT('location', 'Location (where you keep it)', 'it.max.location')}
  <label>Weight in grams (<code>auto</code> estimates it from the formats; blank for none)
    <input type="text" name="weight" size="10" value="<%= it.form.weight %>"${INVALID('weight')}>
  </label>
  ${PROBLEM('weight')}
  <label>Format quantity (<code>auto</code> counts the formats; blank for none)
    <input type="text" name="format_quantity" size="10" value="<%= it.form.format_quantity %>"${INVALID('format_quantity')}>
  </label>
  ${PROBLEM('format_quantity')}
  <button type="submit"><%= it.submit %></button>
</form>
<% } %>
`;

/** The signed-in pages' templates with the seller's listing forms added. */
export function listingFormTemplates(): Eta {
  const eta = sellerPageTemplates();
  eta.loadTemplate('@listing-delete', LISTING_DELETE);
  eta.loadTemplate('@listing-form', LISTING_FORM);
  return eta;
}

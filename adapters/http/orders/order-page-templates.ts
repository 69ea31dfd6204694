import type { Eta } from 'eta';
import { sellerPageTemplates } from '../web-pages/seller-nav.js';

/*
 * An order's page, in the signed-in pages' layout (`@layout`: who is signed in, sign out). A refused form shows its
 * reason beside it (`aria-invalid` on its fields, `aria-describedby` to the reason) with the values as sent.
 */

/** The reason a form was refused, beside it; `f` is the form's name. */
const REFUSAL = (f: string) =>
  `<% if (it.refused && it.refused.form === '${f}') { %><p class="error" id="${f}-error" role="alert"><%= it.refused.message %></p><% } %>`;
const INVALID = (f: string) => `<% if (it.refused && it.refused.form === '${f}') { %> aria-invalid="true" aria-describedby="${f}-error"<% } %>`;

const ORDER = `<% layout('@layout') %>
<%~ include('@seller-nav', it) %>
<dl class="facts">
  <dt>Status</dt><dd><%= it.status %></dd>
  <dt><%= it.viewer === 'seller' ? 'Buyer' : 'Seller' %></dt><dd><% if (it.otherHref) { %><a href="<%= it.otherHref %>"><%= it.other %></a><% } else { %><%= it.other %><% } %></dd>
  <dt>Ordered</dt><dd><%= it.created %></dd>
  <dt>Last activity</dt><dd><%= it.lastActivity %></dd>
  <dt>Shipping</dt><dd><%= it.shipping %><% if (it.shippingMethod) { %> (<%= it.shippingMethod %>)<% } %></dd>
  <dt>Total</dt><dd><strong><%= it.total %></strong></dd>
  <% if (it.fee) { %><dt>Fee</dt><dd><%= it.fee %></dd><% } %>
</dl>
<h2>Items</h2>
<table>
  <thead><tr><th scope="col">Item</th><th scope="col">Condition</th><th scope="col">Price</th></tr></thead>
  <tbody>
  <% it.items.forEach(function (i) { %><tr><td><a href="<%= i.releaseHref %>"><%= i.release %></a> (<a href="<%= i.href %>">listing <%= i.href.split('/').pop() %></a>)</td><td><%= i.condition %><% if (i.sleeve) { %> / <%= i.sleeve %><% } %></td><td><%= i.price %></td></tr>
  <% }) %>
  </tbody>
</table>
<h2>Shipping address</h2>
<p class="notes text"><%= it.address %></p>
<% if (it.instructions) { %><h2>Instructions</h2><p class="notes text"><%= it.instructions %></p><% } %>

<h2 id="messages">Messages</h2>
<% if (it.log.length === 0) { %><p>No messages yet.</p><% } else { %>
<ul class="plain log">
<% it.log.forEach(function (m) { %>  <li><span class="small"><%= m.when %> · <%= m.who %><% if (m.type !== 'message') { %> · <%= m.type %><% } %></span><br><span class="notes text"><%= m.text %></span></li>
<% }) %></ul>
<% if (it.logMore) { %><p class="small">Older entries are in <a href="<%= it.apiUrl %>/messages">the API's message log</a>.</p><% } %>
<% } %>
<form method="post" action="<%= it.action %>/messages">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label>Write to <%= it.other %>
    <textarea name="message" rows="4" cols="60" maxlength="<%= it.maxMessage %>"${INVALID('message')}><%= it.form.message %></textarea>
  </label>
  <% if (it.next.length) { %>
  <label>and move the order to
    <select name="status">
      <option value="">(leave the status)</option>
      <% it.next.forEach(function (s) { %><option value="<%= s %>"<% if (s === it.form.messageStatus) { %> selected<% } %>><%= s %></option><% }) %>
    </select>
  </label>
  <% } %>
  ${REFUSAL('message')}
  <button type="submit">Send message</button>
</form>

<% if (it.next.length || it.shippingOpen) { %>
<h2 id="status">Change the order</h2>
<form method="post" action="<%= it.action %>/status">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <% if (it.next.length) { %>
  <label>Move the order to
    <select name="status"${INVALID('status')}>
      <option value="">(leave the status)</option>
      <% it.next.forEach(function (s) { %><option value="<%= s %>"<% if (s === it.form.status) { %> selected<% } %>><%= s %></option><% }) %>
    </select>
  </label>
  <% } %>
  <% if (it.shippingOpen) { %>
  <label>Shipping, in <%= it.currency %> (now <%= it.shipping %>; setting it sends the invoice; blank leaves it)
    <input type="text" name="shipping" size="12" value="<%= it.form.shipping %>"${INVALID('status')}>
  </label>
  <label>Shipping method
    <input type="text" name="shipping_method" size="30" value="<%= it.form.shippingMethod %>">
  </label>
  <% } %>
  ${REFUSAL('status')}
  <button type="submit">Change the order</button>
</form>
<% } %>

<% if (it.refund) { %>
<h2 id="refunds">Refunds</h2>
<p>Refunded so far: <%= it.refund.sent %>; received by the buyer: <%= it.refund.received %>.</p>
<form method="post" action="<%= it.action %>/refunds">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label>Record a refund
    <select name="type"${INVALID('refund')}>
      <% it.refund.kinds.forEach(function (k) { %><option value="<%= k.value %>"<% if (k.value === it.form.refundType) { %> selected<% } %>><%= k.text %></option><% }) %>
    </select>
  </label>
  <label>Amount, in <%= it.currency %>
    <input type="text" name="amount" size="12" inputmode="decimal" required value="<%= it.form.refundAmount %>"${INVALID('refund')}>
  </label>
  ${REFUSAL('refund')}
  <button type="submit">Record the refund</button>
</form>
<% } %>

<h2 id="feedback">Feedback</h2>
<ul class="plain">
  <li>From the buyer: <%= it.feedback.buyer ? it.feedback.buyer.rating + (it.feedback.buyer.comment ? ' – ' + it.feedback.buyer.comment : '') : 'none yet' %></li>
  <li>From the seller: <%= it.feedback.seller ? it.feedback.seller.rating + (it.feedback.seller.comment ? ' – ' + it.feedback.seller.comment : '') : 'none yet' %></li>
</ul>
<form method="post" action="<%= it.action %>/feedback">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label>Your rating of <%= it.other %>
    <select name="rating"${INVALID('feedback')}>
      <% it.ratings.forEach(function (r) { %><option value="<%= r %>"<% if (r === it.form.rating) { %> selected<% } %>><%= r %></option><% }) %>
    </select>
  </label>
  <label>Comment (needed unless positive)
    <textarea name="comment" rows="3" cols="60" maxlength="<%= it.maxComment %>"${INVALID('feedback')}><%= it.form.comment %></textarea>
  </label>
  ${REFUSAL('feedback')}
  <button type="submit">Give feedback</button>
</form>
<p class="small"><a href="<%= it.apiUrl %>">This order in the API</a>.</p>
`;

const CART = `<% layout('@layout') %>
<% if (it.add) { %>
<form method="post" action="<%= it.action %>/add">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <input type="hidden" name="listing" value="<%= it.add.id %>">
  <p>Put <a href="<%= it.add.href %>">listing <%= it.add.id %></a> in your cart?</p>
  <button type="submit">Add to cart</button>
</form>
<% } %>
<% if (it.sellers.length === 0) { %><p>Your cart is empty.</p><% } %>
<% it.sellers.forEach(function (s) { %>
<h2>From <%= s.name %></h2>
<table>
  <thead><tr><th scope="col">Listing</th><th scope="col">Condition</th><th scope="col">Price</th><th scope="col">Remove</th></tr></thead>
  <tbody>
  <% s.items.forEach(function (i) { %><tr><td><a href="<%= i.href %>">Listing <%= i.id %></a><% if (!i.buyable) { %> (no longer for sale)<% } %></td><td><%= i.condition %></td><td><%= i.price %><% if (i.buyerPrice) { %> (<%= i.buyerPrice %>)<% } %></td>
    <td><form method="post" action="<%= it.action %>/remove" class="inline"><input type="hidden" name="csrf" value="<%= it.csrf %>"><input type="hidden" name="listing" value="<%= i.id %>"><button type="submit" class="secondary" aria-label="Remove listing <%= i.id %>">Remove</button></form></td></tr>
  <% }) %>
  </tbody>
</table>
<p>Items: <strong><%= s.total %></strong><% if (s.buyerTotal) { %> (about <%= s.buyerTotal %>)<% } %>, shipping added by the seller's invoice.</p>
<form method="post" action="<%= it.action %>/checkout">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <input type="hidden" name="seller" value="<%= s.name %>">
  <label>Shipping address
    <textarea name="shipping_address" rows="4" cols="40" maxlength="<%= it.maxAddress %>" required<% if (s.refused) { %> aria-invalid="true" aria-describedby="<%= s.key %>-error"<% } %>><%= s.address %></textarea>
  </label>
  <label>Instructions for the seller (optional)
    <textarea name="additional_instructions" rows="2" cols="40" maxlength="<%= it.maxInstructions %>"><%= s.instructions %></textarea>
  </label>
  <% if (s.refused) { %><p class="error" id="<%= s.key %>-error" role="alert"><%= s.refused %></p><% } %>
  <button type="submit">Order from <%= s.name %></button>
</form>
<% }) %>
`;

/** A list of the signed-in person's sales or purchases, with the API's filters, sorts and pages. */
const ORDER_LIST = `<% layout('@layout') %>
<%~ include('@seller-nav', it) %>
<form class="filters" method="get" action="<%= it.path %>">
  <label>Status
    <select name="status">
      <% it.filters.forEach(function (f) { %><option value="<%= f %>"<% if (f === it.status) { %> selected<% } %>><%= f %></option><% }) %>
    </select>
  </label>
  <label>Archived
    <select name="archived">
      <option value=""<% if (it.archived === '') { %> selected<% } %>>archived or not</option>
      <option value="false"<% if (it.archived === 'false') { %> selected<% } %>>not archived</option>
      <option value="true"<% if (it.archived === 'true') { %> selected<% } %>>archived only</option>
    </select>
  </label>
  <%~ include('@sort', it) %>
  <button type="submit">Show</button>
</form>
<% if (it.orders.length === 0) { %><p><%= it.none %></p><% } else { %>
<table>
  <thead><tr><th scope="col">Order</th><th scope="col">Ordered</th><th scope="col"><%= it.other %></th><th scope="col">Items</th><th scope="col">Status</th><th scope="col">Total</th></tr></thead>
  <tbody>
  <% it.orders.forEach(function (o) { %><tr><td><a href="<%= o.href %>"><%= o.id %></a><% if (o.archived) { %> <span class="small">(archived)</span><% } %></td><td><%= o.created %></td><td><%= o.other %></td><td><%= o.items %></td><td><%= o.status %></td><td><%= o.total %></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
`;

/** The signed-in pages' templates with the order pages added. */
export function orderPageTemplates(): Eta {
  const eta = sellerPageTemplates();
  eta.loadTemplate('@order-list', ORDER_LIST);
  eta.loadTemplate('@order', ORDER);
  eta.loadTemplate('@cart', CART);
  return eta;
}

import type { Eta } from 'eta';
import { SETTINGS_SUBNAV } from '../identity/web/settings-nav.js';
import { sellerPageTemplates } from '../web-pages/seller-nav.js';

/*
 * The seller settings page, in the layout and style of the other web pages (Eta escapes every `<%= %>`). Kept in
 * TypeScript as strings so that the build carries them with the code.
 */

const FIELD_ERROR = (field: string) =>
  `<% if (it.problems.${field}) { %><span class="error" id="${field}-error" role="alert"><%= it.problems.${field} %></span><% } %>`;

const SETTINGS = `<% layout('@layout') %>
${SETTINGS_SUBNAV}
<%~ include('@seller-nav', it) %>
<% if (it.complete) { %>
<p class="notice">You are a seller: buyers see these terms on your listings, and prices are in your currency.</p>
<% } else { %>
<p>You are not a seller yet. Write both your payment and your shipping terms to list items for sale.</p>
<% } %>
<form method="post" action="<%= it.webUrl %>/settings/seller">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label>Currency you sell in (also the currency you see prices in)
    <select name="currency" aria-describedby="currency-error">
    <% it.currencies.forEach(function (c) { %>
      <option value="<%= c %>" <%= c === it.form.currency ? 'selected' : '' %>><%= c %></option>
    <% }) %>
    </select>
  </label>
  ${FIELD_ERROR('currency')}
  <label>Payment terms: how buyers pay you
    <textarea name="payment" rows="6" cols="60" maxlength="<%= it.maxLength %>" aria-describedby="payment-error"><%= it.form.payment %></textarea>
  </label>
  ${FIELD_ERROR('payment')}
  <label>Shipping terms: where you ship, how, and at what cost
    <textarea name="shipping" rows="6" cols="60" maxlength="<%= it.maxLength %>" aria-describedby="shipping-error"><%= it.form.shipping %></textarea>
  </label>
  ${FIELD_ERROR('shipping')}
  <label>Shipping price per order, in <%= it.amountsCurrency %>: one amount for every destination (<code>5.00</code>), or
    <code>destination=amount</code> pairs with a default (<code>default=15, europe=8, GB=3.50</code>); destinations are
    <code>default</code>, <% it.regions.forEach(function (r) { %><code><%= r %></code>, <% }) %>or a two-letter country code
    <input type="text" name="shippingPrice" size="60" value="<%= it.form.shippingPrice %>" aria-describedby="shippingPrice-error">
  </label>
  ${FIELD_ERROR('shippingPrice')}
  <label>Minimum order total (items alone), in <%= it.amountsCurrency %>; blank for none
    <input type="text" name="minOrderTotal" size="12" value="<%= it.form.minOrderTotal %>" aria-describedby="minOrderTotal-error">
  </label>
  ${FIELD_ERROR('minOrderTotal')}
  <p class="small">Both terms may use the markup of profiles ([b]bold[/b], [url=…]links[/url], …), at most <%= it.maxLength %> characters each.
  Listings keep the currency they were priced in when you change yours; so do the shipping price and the minimum
  order until you save them again. Buyers see the price for their country (from their profile's location), else the default.</p>
  <button type="submit">Save seller settings</button>
</form>
<% if (it.updatedAt) { %><p class="small">Terms last saved <%= it.updatedAt %>.</p><% } %>
<p class="small">Your inventory through the API: <a href="<%= it.inventoryUrl %>"><%= it.inventoryUrl %></a></p>
`;

/** The page templates with the seller settings page added. */
export function sellerSettingsTemplates(): Eta {
  const eta = sellerPageTemplates();
  eta.loadTemplate('@seller-settings', SETTINGS);
  return eta;
}

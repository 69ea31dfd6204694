import type { Eta } from 'eta';
import { PAGER, SORT } from '../catalogue/catalogue-page-templates.js';
import { pageTemplates } from '../identity/web/templates.js';

/*
 * The seller's sub-nav: the marketplace pages a signed-in person keeps (their sales and purchases, their inventory and
 * its files, their seller settings), shown on each of them and on the seller settings page.
 */

/** The seller's pages, in the order of the sub-nav; `{you}` is the signed-in person's name. */
export const SELLER_PAGES: ReadonlyArray<{ readonly path: string; readonly text: string }> = [
  { path: '/sell/orders', text: 'Sales' },
  { path: '/sell/purchases', text: 'Purchases' },
  { path: '/seller/{you}', text: 'Your inventory' },
  { path: '/sell/exports', text: 'Inventory exports' },
  { path: '/sell/uploads', text: 'Inventory uploads' },
  { path: '/settings/seller', text: 'Seller settings' },
];

/** The sub-nav: a page renders it with `user` and `here` (its own path, marked current). */
const SELLER_SUBNAV = `<nav aria-label="Marketplace" class="pages">
${SELLER_PAGES.map(
  (p) =>
    `<% { const path = ${JSON.stringify(p.path)}.replace('{you}', encodeURIComponent(it.user || '')); %>` +
    `<a href="<%= it.webUrl %><%= path %>"<%~ path === it.here ? ' aria-current="page"' : '' %>>${p.text}</a><% } %>`,
).join('\n')}
</nav>`;

/** The signed-in pages' templates with the seller's sub-nav (`@seller-nav`), the pager and the sort parts added. */
export function sellerPageTemplates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@seller-nav', SELLER_SUBNAV);
  eta.loadTemplate('@pager', PAGER);
  eta.loadTemplate('@sort', SORT);
  return eta;
}

import type { Eta } from 'eta';
import { PAGER, SORT } from '../catalogue/catalogue-page-templates.js';
import { pageTemplates } from '../identity/web/templates.js';
import type { NavPage } from './site-templates.js';

/*
 * The sub-navs of a signed-in person's own pages: the seller's (the marketplace pages they keep: their sales and
 * purchases, their inventory and its files, their seller settings), shown on each of them and on the seller settings
 * page; and their records' (collection, wantlist, lists, collection settings).
 */

/** The seller's pages, in the order of the sub-nav; `{you}` is the signed-in person's name. */
export const SELLER_PAGES: readonly NavPage[] = [
  { path: '/sell/orders', text: 'Sales' },
  { path: '/sell/purchases', text: 'Purchases' },
  { path: '/seller/{you}', text: 'Your inventory' },
  { path: '/sell/exports', text: 'Inventory exports' },
  { path: '/sell/uploads', text: 'Inventory uploads' },
  { path: '/settings/seller', text: 'Seller settings' },
];

/**
 * A sub-nav of a signed-in person's own pages (`pages`, `{you}` their name), labelled `label`: a page renders it with
 * `user` (their name) and `here` (its own path, marked current).
 */
export function ownerSubNav(label: string, pages: readonly NavPage[]): string {
  return `<nav aria-label="${label}" class="pages">
${pages
  .map(
    (p) =>
      `<% { const path = ${JSON.stringify(p.path)}.replace('{you}', encodeURIComponent(it.user || '')); %>` +
      `<a href="<%= it.webUrl %><%= path %>"<%~ path === it.here ? ' aria-current="page"' : '' %>>${p.text}</a><% } %>`,
  )
  .join('\n')}
</nav>`;
}

/** The sub-nav of the seller's pages. */
const SELLER_SUBNAV = ownerSubNav('Marketplace', SELLER_PAGES);

/**
 * The pages of a person's records (their collection, wantlist and lists, and the collection's settings), in the order
 * of their sub-nav (`@records-nav`), shown to them on each of those pages.
 */
export const RECORD_PAGES: readonly NavPage[] = [
  { path: '/user/{you}/collection', text: 'Your collection' },
  { path: '/user/{you}/wants', text: 'Your wantlist' },
  { path: '/settings/lists', text: 'Your lists' },
  { path: '/settings/collection', text: 'Collection settings' },
];

/** The sub-nav of a person's records, rendered as the seller's is. */
export const RECORDS_SUBNAV = ownerSubNav('Your records', RECORD_PAGES);

/** The signed-in pages' templates with the seller's sub-nav (`@seller-nav`), the pager and the sort parts added. */
export function sellerPageTemplates(): Eta {
  const eta = pageTemplates();
  eta.loadTemplate('@seller-nav', SELLER_SUBNAV);
  eta.loadTemplate('@pager', PAGER);
  eta.loadTemplate('@sort', SORT);
  return eta;
}

import type { NavPage } from '../../web-pages/site-templates.js';

/*
 * The settings sub-nav, shared by every settings page's template (a page renders it with `settingsPages` and `here`).
 */

/** The settings pages, in the order of the sub-nav. */
export const SETTINGS_PAGES: readonly NavPage[] = [
  { path: '/settings/profile', text: 'Profile' },
  { path: '/settings/email', text: 'Email' },
  { path: '/settings/password', text: 'Password' },
  { path: '/settings/developers', text: 'Developer settings' },
  { path: '/settings/developers/webhooks', text: 'Webhooks' },
  { path: '/settings/connected', text: 'Connected applications' },
  { path: '/settings/collection', text: 'Collection settings' },
  { path: '/settings/seller', text: 'Seller settings' },
  { path: '/settings/delete', text: 'Delete account' },
];

/** The settings sub-nav: a page renders it with `settingsPages` and `here` (its own path, marked current). */
export const SETTINGS_SUBNAV = `<nav aria-label="Settings" class="pages">
<% it.settingsPages.forEach(function (p) { %><a href="<%= it.webUrl %><%= p.path %>"<%~ p.path === it.here ? ' aria-current="page"' : '' %>><%= p.text %></a>
<% }) %></nav>`;

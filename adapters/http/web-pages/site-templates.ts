import { Eta } from 'eta';
import { API_DOCS_PATHS } from '../api-docs/api-docs-routes.js';

/*
 * The site's layout (header with the site's name, a search box and navigation; the page; a footer) and its message
 * page, in Eta (every `<%= %>` escaped; `<%~ %>` only for markup the templates made themselves, or the API's html text
 * format). A module's pages load their own templates into `siteTemplates()` and render them with `layout('@site')`.
 */

/** The site's icon (a record), so that browsers do not ask the API's `/favicon.ico`. */
export const SITE_ICON_PATH = '/favicon.svg';
export const SITE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#222"/>' +
  '<circle cx="16" cy="16" r="5" fill="#1d5fbf"/><circle cx="16" cy="16" r="1.5" fill="#fafafa"/></svg>';

/** A page a navigation links: its path on the site (`{you}` for the signed-in person's name) and the link's text. */
export type NavPage = { readonly path: string; readonly text: string };

/**
 * The links the header gives a signed-in person, in order (`{you}` is their name): their profile, collection and
 * wantlist, their cart, sales and purchases, and their settings; a sign-out form follows them.
 */
export const SIGNED_IN_LINKS: readonly NavPage[] = [
  { path: '/user/{you}', text: 'Profile' },
  { path: '/user/{you}/collection', text: 'Collection' },
  { path: '/user/{you}/wants', text: 'Wantlist' },
  { path: '/cart', text: 'Cart' },
  { path: '/sell/orders', text: 'Sales' },
  { path: '/sell/purchases', text: 'Purchases' },
  { path: '/settings/profile', text: 'Settings' },
];

/**
 * The header of every page: the site's name, the search box, and who is signed in (`it.signedInAs`, which
 * `pageViewer` gives: the name and the sign-out form's token) with their links, or the ways to sign in.
 */
const HEADER = `<header>
  <a class="brand" href="<%= it.webUrl %>/"><%= it.site %></a>
  <form class="search" role="search" method="get" action="<%= it.webUrl %>/search">
    <input type="search" name="q" aria-label="Search the catalogue" placeholder="Artists, releases, labels" value="<%= it.q || '' %>">
    <button type="submit">Search</button>
  </form>
  <nav aria-label="Site">
    <a href="<%= it.webUrl %>/">Home</a>
    <a href="<%= it.webUrl %>${API_DOCS_PATHS.page}">API reference</a>
  <% if (it.signedInAs) { const you = encodeURIComponent(it.signedInAs.name); %>
    <span>Signed in as <strong><%= it.signedInAs.name %></strong></span>
${SIGNED_IN_LINKS.map((l) => `    <a href="<%= it.webUrl %>${l.path.replace('{you}', '<%= you %>')}">${l.text}</a>`).join('\n')}
    <form method="post" action="<%= it.webUrl %>/signout" class="inline">
      <input type="hidden" name="csrf" value="<%= it.signedInAs.csrf %>">
      <button type="submit">Sign out</button>
    </form>
  <% } else { %>
    <a href="<%= it.webUrl %>/signin">Sign in</a>
    <a href="<%= it.webUrl %>/signup">Sign up</a>
  <% } %>
  </nav>
</header>`;

/** A page in the site's layout, with `main` as what the layout puts before the page's own body. */
const layout = (main: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title><%= it.title %> · <%= it.site %></title>
<link rel="stylesheet" href="<%= it.webUrl %>/web.css">
<link rel="icon" href="<%= it.webUrl %>${SITE_ICON_PATH}" type="image/svg+xml">
<% if (it.canonical) { %><link rel="canonical" href="<%= it.canonical %>"><% } %>
</head>
<body>
<a class="skip" href="#main">Skip to the page</a>
${HEADER}
<main id="main">
<h1><%= it.title %></h1>
${main}<%~ it.body %>
</main>
<footer>
  <p><%= it.site %> · <a href="<%= it.webUrl %>${API_DOCS_PATHS.page}">API reference</a> · <a href="<%= it.webUrl %>${API_DOCS_PATHS.yaml}">OpenAPI description</a> · <a href="<%= it.webUrl %>/settings/developers">Developer settings</a></p>
</footer>
</body>
</html>
`;

const SITE = layout('');

/** The layout of the pages with forms (`@layout`): the site's, with the page's error and notice above its body. */
export const FORM_LAYOUT = layout(`<% if (it.error) { %><p class="error" role="alert"><%= it.error %></p><% } %>
<% if (it.notice) { %><p class="notice" role="status"><%= it.notice %></p><% } %>
`);

const ERROR = `<% layout('@site') %>
<p class="error" role="alert"><%= it.message %></p>
<p>Ways on:</p>
<ul>
  <li><a href="<%= it.webUrl %>/">The home page</a></li>
  <li><a href="<%= it.webUrl %>/search">Search the catalogue</a></li>
  <% if (it.retryAfter) { %><li>Try again in <%= it.retryAfter %> seconds.</li><% } %>
</ul>
`;

/** The layout and the message page, loaded into a fresh Eta; a module adds its own pages' templates to it. */
export function siteTemplates(): Eta {
  const eta = new Eta({ autoEscape: true, views: '/nonexistent', cache: true });
  eta.loadTemplate('@site', SITE);
  eta.loadTemplate('@error', ERROR);
  return eta;
}

/** The message page's heading for each status. */
export const ERROR_TITLES: Readonly<Record<number, string>> = {
  400: 'That request was not understood',
  401: 'Please sign in',
  403: 'Not allowed',
  404: 'Page not found',
  405: 'Not possible here',
  409: 'That clashes with something',
  413: 'That was too large',
  414: 'That address is too long',
  415: 'That kind of content is not taken',
  422: 'That was not accepted',
  429: 'Slow down a little',
  500: 'Something went wrong',
  503: 'Back in a moment',
};

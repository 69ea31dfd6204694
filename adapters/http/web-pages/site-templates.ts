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

const SITE = `<!doctype html>
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
<header>
  <a class="brand" href="<%= it.webUrl %>/"><%= it.site %></a>
  <form class="search" role="search" method="get" action="<%= it.webUrl %>/search">
    <input type="search" name="q" aria-label="Search the catalogue" placeholder="Artists, releases, labels" value="<%= it.q || '' %>">
    <button type="submit">Search</button>
  </form>
  <nav aria-label="Site">
    <a href="<%= it.webUrl %>/">Home</a>
    <a href="<%= it.webUrl %>${API_DOCS_PATHS.page}">API reference</a>
    <a href="<%= it.webUrl %>/cart">Cart</a>
    <a href="<%= it.webUrl %>/signin">Sign in</a>
  </nav>
</header>
<main id="main">
<h1><%= it.title %></h1>
<%~ it.body %>
</main>
<footer>
  <p><%= it.site %> · <a href="<%= it.webUrl %>${API_DOCS_PATHS.page}">API reference</a> · <a href="<%= it.webUrl %>${API_DOCS_PATHS.yaml}">OpenAPI description</a> · <a href="<%= it.webUrl %>/settings/developers">Developer settings</a></p>
</footer>
</body>
</html>
`;

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

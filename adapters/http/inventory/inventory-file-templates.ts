import type { Eta } from 'eta';
import { sellerPageTemplates } from '../web-pages/seller-nav.js';

/*
 * The seller's inventory file pages, in the signed-in layout with the seller's sub-nav. An unfinished job's page has a
 * link to itself to refresh it (the CSP allows no script, and a page that reloads itself would move under a reader).
 */

const EXPORTS = `<% layout('@layout') %>
<%~ include('@seller-nav', it) %>
<p>An export is a CSV file of every listing of yours, in the columns an upload takes. It is written in the background;
finished files can be downloaded for a while.</p>
<form method="post" action="<%= it.action %>">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <% if (it.refused) { %><p class="error" id="export-error" role="alert"><%= it.refused %></p><% } %>
  <button type="submit"<% if (it.refused) { %> aria-describedby="export-error"<% } %>>Export my inventory</button>
</form>
<% if (it.jobs.length === 0) { %><p>No exports yet.</p><% } else { %>
<table>
  <thead><tr><th scope="col">Export</th><th scope="col">Asked</th><th scope="col">Status</th><th scope="col">File</th></tr></thead>
  <tbody>
  <% it.jobs.forEach(function (job) { %><tr><td><a href="<%= job.href %>">Export <%= job.id %></a></td><td><%= job.created %></td><td><%= job.status %></td>
    <td><% if (job.download) { %><a href="<%= job.download %>" download>Download <%= job.filename %></a><% } else if (job.running) { %>being written<% } else { %>no file<% } %></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
`;

const EXPORT = `<% layout('@layout') %>
<%~ include('@seller-nav', it) %>
<dl class="facts">
  <dt>Status</dt><dd><%= it.job.status %></dd>
  <dt>Asked</dt><dd><%= it.job.created %></dd>
  <% if (it.job.finished) { %><dt>Finished</dt><dd><%= it.job.finished %></dd><% } %>
  <dt>File</dt><dd><% if (it.job.download) { %><a href="<%= it.job.download %>" download>Download <%= it.job.filename %></a><% } else if (it.job.running) { %>being written<% } else { %>no file (failed or expired)<% } %></dd>
</dl>
<% if (it.job.running) { %><p><a href="<%= it.job.href %>">Refresh to see whether it is ready</a></p><% } %>
<p><a href="<%= it.exports %>">Every export</a></p>
`;

const UPLOADS = `<% layout('@layout') %>
<%~ include('@seller-nav', it) %>
<p>Send a CSV file (UTF-8, with a header row) to add, change or delete many listings at once. The whole file is
checked first: a file with any problem is refused with every problem named, and nothing changes; a good one is
applied in the background, all of its rows or none. At most <%= it.maxSize %>.</p>
<form method="post" action="<%= it.action %>" enctype="multipart/form-data">
  <input type="hidden" name="csrf" value="<%= it.csrf %>">
  <label>What the file does
    <select name="type">
      <% it.kinds.forEach(function (k) { %><option value="<%= k.value %>"<% if (k.value === it.type) { %> selected<% } %>><%= k.text %></option><% }) %>
    </select>
  </label>
  <label>CSV file
    <input type="file" name="file" accept=".csv,text/csv" required<% if (it.refused) { %> aria-invalid="true" aria-describedby="upload-error"<% } %>>
  </label>
  <% if (it.refused) { %><div class="error" id="upload-error" role="alert"><% it.refused.forEach(function (line) { %><p><%= line %></p><% }) %></div><% } %>
  <button type="submit">Upload</button>
</form>
<% if (it.jobs.length === 0) { %><p>No uploads yet.</p><% } else { %>
<table>
  <thead><tr><th scope="col">Upload</th><th scope="col">File</th><th scope="col">Does</th><th scope="col">Sent</th><th scope="col">Status</th></tr></thead>
  <tbody>
  <% it.jobs.forEach(function (job) { %><tr><td><a href="<%= job.href %>">Upload <%= job.id %></a></td><td><%= job.filename %></td><td><%= job.type %></td><td><%= job.created %></td><td><%= job.status %></td></tr>
  <% }) %>
  </tbody>
</table>
<% } %>
<%~ include('@pager', { pager: it.pager }) %>
`;

const UPLOAD = `<% layout('@layout') %>
<%~ include('@seller-nav', it) %>
<dl class="facts">
  <dt>File</dt><dd><%= it.job.filename %></dd>
  <dt>Does</dt><dd><%= it.job.type %></dd>
  <dt>Status</dt><dd><%= it.job.status %></dd>
  <dt>Sent</dt><dd><%= it.job.created %></dd>
  <% if (it.job.finished) { %><dt>Finished</dt><dd><%= it.job.finished %></dd><% } %>
</dl>
<% if (it.job.results.length) { %><h2><%= it.job.status === 'failed' ? 'Problems' : 'Results' %></h2>
<ul class="plain"><% it.job.results.forEach(function (line) { %><li><%= line %></li><% }) %></ul><% } %>
<% if (it.job.running) { %><p><a href="<%= it.job.href %>">Refresh to follow it</a></p><% } %>
<p><a href="<%= it.uploads %>">Every upload</a></p>
`;

/** The signed-in pages' templates with the inventory file pages added. */
export function inventoryFileTemplates(): Eta {
  const eta = sellerPageTemplates();
  eta.loadTemplate('@exports', EXPORTS);
  eta.loadTemplate('@export', EXPORT);
  eta.loadTemplate('@uploads', UPLOADS);
  eta.loadTemplate('@upload', UPLOAD);
  return eta;
}

import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Database } from '../../adapters/persistence/database.js';
import type { Config } from '../../composition/config.js';
import { CORE } from '../../composition/core/core-tokens.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { DEMO_ACCOUNTS_FILE, DEMO_USERS } from '../../composition/identity/identity-module.js';
import { demoOrder } from '../../composition/spindle.js';
import { formTokenOf } from '../support/browser.js';
import { expectNoSidewaysScroll, launchChromium, listeningServer, needChromium, signIn } from '../support/chromium.js';
import { REPO_ROOT } from '../support/repo-root.js';
import { rowsOf, tableDigests } from '../support/table-digests.js';
import { AGENT, loadTestModules, testContainer } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-database.js';

/** Pages of one route pattern (and set of query parameters) the crawl opens at most; list pages beyond 2 are skipped. */
const PER_PATTERN = 3;
const MAX_LIST_PAGE = 2;
/**
 * Which pages are kept as a screenshot: the first page of each route pattern the crawl opens (by whichever identity
 * reaches it first) and every page with a problem, or every page with `CRAWL_SCREENSHOTS=all` (a full-page screenshot
 * costs about as much as the rest of a page's visit, and is an artefact, not a check).
 */
const EVERY_SCREENSHOT = process.env.CRAWL_SCREENSHOTS === 'all';
/** Where the 390 px screenshots go (git-ignored), one folder per database kind and identity. */
const ARTEFACTS = path.join(REPO_ROOT, 'test-artifacts', 'site-crawl', process.env.DATABASE_URL ? 'postgresql' : 'embedded');

type Identity = { readonly name: string; readonly password?: string; readonly token?: string };

/** A `<form method=post>` as a page holds it: where it posts, and its named fields with their values as shown. */
type PostForm = {
  readonly page: string;
  readonly action: string;
  readonly multipart: boolean;
  readonly fields: readonly { name: string; type: string; value: string }[];
};

/**
 * The whole site on the demo data, crawled in Chromium at 390 px from `/` by following every same-origin link (GET
 * only: forms are never submitted, so nobody signs out or deletes anything), anonymous and signed in as each demo user
 * through the sign-in form. A page is a failure when it answers ≥ 400 (a link must never lead to an error, a designed
 * 404 included), logs a console error, fails to load anything it asks for, or is wider than the viewport. Every `uri`
 * the API's demo responses hold must open a page. Pages are bounded per route pattern so each identity takes about a
 * minute; screenshots of one page of each pattern and of every page with a problem (of every page with
 * `CRAWL_SCREENSHOTS=all`) are kept under test-artifacts/site-crawl/.
 */
describe('Site crawl in Chromium at 390 px: every page reachable from / on the demo data', function () {
  this.timeout(600_000);
  let db: Database;
  let container: Container;
  let server: http.Server;
  let web: string;
  let api: string;
  let browser: Browser;
  const people: Identity[] = [];

  before(async function () {
    needChromium(this);
    db = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-crawl-'));
    ({ server, base: web } = await listeningServer());
    // The API on another origin of the same server (localhost rather than 127.0.0.1): links to it are not the site's.
    api = web.replace('127.0.0.1', 'localhost');
    const unlimited = '10000000';
    container = testContainer(db, {
      BASE_URL: api,
      WEB_URL: web,
      DATA_DIR: dataDir,
      RATE_LIMIT_PAGES: unlimited,
      RATE_LIMIT_ANONYMOUS: unlimited,
      RATE_LIMIT_AUTHENTICATED: unlimited,
    });
    for (const m of demoOrder(await loadTestModules())) await m.demo?.(container, () => undefined);
    server.on('request', (container.get(HTTP.HttpApp) as unknown as Koa).callback());
    const accounts = fs.readFileSync(path.join(dataDir, DEMO_ACCOUNTS_FILE), 'utf8');
    for (const name of DEMO_USERS) {
      const secret = (what: string): string => new RegExp(`^${name}: ${what} (\\S+)$`, 'm').exec(accounts)![1]!;
      people.push({ name, password: secret('password'), token: secret('token') });
    }
    fs.rmSync(ARTEFACTS, { recursive: true, force: true });
    browser = await launchChromium();
    console.log(`    (screenshots at 390 px in ${ARTEFACTS})`);
  });
  after(async () => {
    await browser?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
    await db?.close();
  });

  /** A phone-sized context, signed in through the form when `who` has a password; `problems` gets every failed load and console error. */
  async function phone(who: Identity, problems: string[]): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'document' && r.status() >= 400) problems.push(`${r.status()} ${r.url()} (loaded by ${page.url()})`);
    });
    // (A load the crawl itself cut short by going on, or a download it did not take, is not the page's fault.)
    page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''} (loaded by ${page.url()})`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()} (on ${page.url()})`));
    page.on('pageerror', (e) => problems.push(`script error: ${e.message} (on ${page.url()})`));
    if (who.password) {
      await signIn(page, { name: who.name, password: who.password }, web);
    }
    return { context, page };
  }

  /** Crawls from `/` as `who`; the pages it opened, and what went wrong. */
  /** Every post form the crawl saw, by identity (the bad-input sweep below submits them), and whose crawl went to its end. */
  const formsSeen = new Map<string, PostForm[]>();
  const crawled = new Set<string>();
  /**
   * Pages answered `Cache-Control: public` (the API reference): one document for everyone, as a shared cache would
   * serve it, so the first identity to reach one checks it and a later one takes its links, forms and screenshot from
   * there rather than rendering it again (Redoc's page is a tenth of an identity's crawl).
   */
  const publicPages = new Map<string, { where: string; screenshot?: string; hrefs: readonly string[]; forms: readonly PostForm[] }>();
  /** The route patterns of the pages a screenshot was kept of, in any identity's crawl. */
  const patternsShot = new Set<string>();

  async function crawl(who: Identity): Promise<{ opened: string[]; problems: string[] }> {
    const problems: string[] = [];
    const { context, page } = await phone(who, problems);
    const folder = path.join(ARTEFACTS, who.name);
    fs.mkdirSync(folder, { recursive: true });
    const queued = new Map<string, string>();
    const perPattern = new Map<string, number>();
    const queue: string[] = [];
    const enqueue = (href: string, from: string): void => {
      let url: URL;
      try {
        url = new URL(href, from);
      } catch {
        problems.push(`unreadable link ${href} on ${from}`);
        return;
      }
      if (url.origin !== web) return;
      url.hash = '';
      const key = url.toString();
      if (queued.has(key)) return;
      const listPage = Number(url.searchParams.get('page') ?? '1');
      if (listPage > MAX_LIST_PAGE) return;
      const pattern = patternOf(url);
      const seen = perPattern.get(pattern) ?? 0;
      if (seen >= PER_PATTERN) return;
      perPattern.set(pattern, seen + 1);
      queued.set(key, from);
      queue.push(key);
    };
    const opened: string[] = [];
    enqueue('/', web);
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        opened.push(next);
        if (process.env.CRAWL_DEBUG) console.log(`      ${who.name} ${opened.length} ${next}`);
        const checked = publicPages.get(next);
        if (checked) {
          if (checked.screenshot) fs.copyFileSync(checked.screenshot, path.join(folder, `${String(opened.length).padStart(3, '0')}-${fileName(checked.where)}.png`));
          formsSeen.set(who.name, [...(formsSeen.get(who.name) ?? []), ...checked.forms]);
          for (const href of checked.hrefs) enqueue(href, checked.where);
          continue;
        }
        const problemsBefore = problems.length;
        const response = await page.goto(next, { waitUntil: 'load', timeout: 15_000 }).catch(async (e: Error) => {
          // A file the browser downloads (an export, the OpenAPI document): only its status matters.
          if (!/Download is starting/.test(e.message)) throw e;
          const file = await context.request.get(next, { maxRedirects: 0 });
          if (file.status() >= 400) problems.push(`${file.status()} ${next} (linked from ${queued.get(next)})`);
          return undefined;
        });
        if (response === undefined) continue;
        const status = response?.status() ?? 0;
        if (status >= 400 || status === 0) {
          problems.push(`${status} ${next} (linked from ${queued.get(next)})`);
          continue;
        }
        if (!(response?.headers()['content-type'] ?? '').startsWith('text/html')) continue;
        const where = page.url();
        await expectNoSidewaysScroll(page, where).catch((e: Error) => problems.push(e.message));
        // The whole page, unless it is very long (the API reference): then what a phone shows first.
        // (An artefact, not a check: a screenshot the loaded machine could not take in time is reported, not failed.)
        const pattern = patternOf(new URL(next));
        const kept = EVERY_SCREENSHOT || !patternsShot.has(pattern) || problems.length > problemsBefore;
        patternsShot.add(pattern);
        const screenshot = kept ? path.join(folder, `${String(opened.length).padStart(3, '0')}-${fileName(where)}.png`) : undefined;
        let shot: boolean | void = true;
        if (screenshot !== undefined) {
          const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
          shot = await page
            .screenshot({ path: screenshot, fullPage: height <= 6000, timeout: 60_000 })
            .then(() => true)
            .catch((e: Error) => console.warn(`      (no screenshot of ${where}: ${e.message.split('\n')[0]})`));
        }
        const forms = (await page.evaluate(`[...document.forms]
          .filter((f) => (f.getAttribute('method') || 'get').toLowerCase() === 'post')
          .map((f) => ({
            action: f.action,
            multipart: f.enctype === 'multipart/form-data',
            fields: [...f.elements].filter((e) => e.name).map((e) => ({ name: e.name, type: (e.getAttribute('type') || e.tagName).toLowerCase(), value: e.value })),
          }))`)) as { action: string; multipart: boolean; fields: PostForm['fields'] }[];
        const postForms = forms.map((f) => ({ ...f, page: where }));
        formsSeen.set(who.name, [...(formsSeen.get(who.name) ?? []), ...postForms]);
        const hrefs = (await page.$$eval('a[href]', (links) => links.map((a) => a.getAttribute('href') ?? ''))) as string[];
        for (const href of hrefs) enqueue(href, where);
        if (shot && where === next && /\bpublic\b/.test(response?.headers()['cache-control'] ?? '')) publicPages.set(next, { where, screenshot, hrefs, forms: postForms });
      }
      crawled.add(who.name);
    } finally {
      await context.close();
    }
    return { opened, problems };
  }

  for (const who of ['anonymous', ...DEMO_USERS]) {
    it(`finds no broken page, console error, failed load or page wider than 390 px as ${who}`, async () => {
      const identity = people.find((p) => p.name === who) ?? { name: who };
      const started = Date.now();
      const { opened, problems } = await crawl(identity);
      console.log(`      ${who}: ${opened.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(problems, `as ${who}`).to.deep.equal([]);
      expect(opened.length, 'pages crawled').to.be.greaterThan(who === 'anonymous' ? 10 : 20);
    });
  }

  it('answers bad input to every post form the crawl saw with a designed page and its reason, never a 500, storing nothing', async function () {
    if (formsSeen.size === 0) this.skip();
    const before = await snapshot(db);
    const problems: string[] = [];
    const textual = new Set(['text', 'textarea', 'email', 'password', 'search', 'url', 'tel', 'number', 'hidden', 'select', 'date']);
    const csrfOf = (who: string): string => formsSeen.get(who)?.flatMap((f) => f.fields).find((f) => f.name === 'csrf')?.value ?? '';
    let sent = 0;
    // (Only identities whose crawl went to its end: a crawl cut short would make every form look like another person's.)
    for (const who of ['anonymous', ...DEMO_USERS].filter((w) => crawled.has(w))) {
      const identity = people.find((p) => p.name === who) ?? { name: who };
      const { context, page } = await phone(identity, problems);
      try {
        await page.goto(`${web}/`);
        // This context's own token: the forms of a page it opens now (the crawl's contexts are closed, their sessions
        // too), read from the page's HTML fetched with the context's cookies (rendering it again would add nothing).
        const own = async (action: string): Promise<string> => {
          const form = (formsSeen.get(who) ?? []).find((f) => f.action === action);
          return formTokenOf(await (await context.request.get(form?.page ?? `${web}/signin`)).text()) ?? '';
        };
        const mine = new Set((formsSeen.get(who) ?? []).map((f) => patternOf(new URL(f.action))));
        const byPattern = new Map<string, { form: PostForm; foreign: boolean }>();
        for (const form of formsSeen.get(who) ?? []) byPattern.set(`${patternOf(new URL(form.action))} ${form.fields.map((f) => f.name).join(',')}`, { form, foreign: false });
        // Other people's forms on their resources (an id in the path) this person never sees (their listings', orders',
        // lists' own forms): posted with this person's token.
        for (const [other, forms] of formsSeen) {
          if (other === who || who === 'anonymous' || !crawled.has(other)) continue;
          for (const form of forms) {
            const pattern = patternOf(new URL(form.action));
            if (pattern.includes(':id') && !mine.has(pattern)) byPattern.set(`foreign ${pattern}`, { form, foreign: true });
          }
        }
        for (const { form, foreign } of byPattern.values()) {
          if (new URL(form.action).origin !== web) continue;
          const token = await own(form.action);
          const values = Object.fromEntries(form.fields.map((f) => [f.name, f.value]));
          const bad = form.fields.filter((f) => f.name !== 'csrf' && textual.has(f.type));
          const post = async (what: string, body: string | Record<string, string>, expected?: number): Promise<void> => {
            sent++;
            const res = await context.request.post(form.action, {
              // A multipart form (a file upload) is sent as one, a file field as a small text file.
              ...(typeof body === 'string'
                ? { data: body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', Origin: web } }
                : {
                    multipart: Object.fromEntries(
                      form.fields.map((f) => [f.name, f.type === 'file' ? { name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('release_id,price\n') } : (body[f.name] ?? '')]),
                    ),
                    headers: { Accept: 'text/html', Origin: web },
                  }),
              maxRedirects: 0,
              failOnStatusCode: false,
            });
            const type = res.headers()['content-type'] ?? '';
            const text = await res.text();
            const fine = res.status() >= 400 && res.status() < 500 && (expected === undefined || res.status() === expected) && type.startsWith('text/html') && /<main/.test(text);
            if (!fine) problems.push(`${who}: ${what} to ${form.action} (from ${form.page}) answered ${res.status()} ${type}`);
          };
          const encode = (v: Record<string, string>): string => new URLSearchParams(v).toString();
          if (foreign) {
            await post('another person’s form', encode({ ...values, csrf: token }));
            continue;
          }
          const { csrf: _csrf, ...noCsrf } = values;
          if (form.multipart) {
            // A file upload: the forged posts (test/integration/http/seller-pages.test.ts sends its other bad bodies).
            await post('no CSRF token', noCsrf, 403);
            await post('another session’s CSRF token', { ...values, csrf: csrfOf(who === DEMO_USERS[0] ? DEMO_USERS[1] : DEMO_USERS[0]) || 'x'.repeat(43) }, 403);
            continue;
          }
          await post('no CSRF token', encode(noCsrf), 403);
          const stranger = csrfOf(who === DEMO_USERS[0] ? DEMO_USERS[1] : DEMO_USERS[0]);
          await post('another session’s CSRF token', encode({ ...values, csrf: stranger || 'x'.repeat(43) }), 403);
          await post('a body over the limit', encode({ ...values, csrf: token, [bad[0]?.name ?? 'filler']: 'x'.repeat(2_000_000) }), 413);
          if (bad.length === 0) continue; // a form of a token alone (sign out, delete): nothing to make bad that a valid post would not do
          const each = (change: (v: string) => string): Record<string, string> => ({ ...values, ...Object.fromEntries(bad.map((f) => [f.name, change(f.value)])), csrf: token });
          await post('NUL bytes', encode(each((v) => `${v}\u0000x`)));
          // A lone surrogate, as a client that writes invalid UTF-8 sends it (URLSearchParams would make it U+FFFD).
          await post('a lone surrogate', encode(each((v) => `${v}SURROGATE`)).replaceAll('SURROGATE', '%ED%A0%80'));
          await post('fields over their limit', encode(each(() => 'x'.repeat(20_000))));
        }
      } finally {
        await context.close();
      }
    }
    console.log(`      ${sent} bad posts to ${[...formsSeen.values()].flat().length} forms seen`);
    expect(problems).to.deep.equal([]);
    expect(await snapshot(db), 'the database after the bad posts').to.deep.equal(before);
  });

  it('opens a page for every `uri` in the API’s answers about the demo data', async () => {
    const seller = people.find((p) => p.name === DEMO_USERS[0])!;
    const buyer = people.find((p) => p.name === DEMO_USERS[1])!;
    const uris = new Map<string, Identity | undefined>();
    const ask = async (p: string, as?: Identity): Promise<unknown> => {
      const headers: Record<string, string> = { 'User-Agent': AGENT };
      if (as?.token) headers.Authorization = `${container.get<Config>(CORE.Config).brand} token=${as.token}`;
      const res = await fetch(`${api}${p}`, { headers });
      expect(res.status, `GET ${p}`).to.equal(200);
      const body = (await res.json()) as unknown;
      collectUris(body, (uri) => uris.set(uri, as));
      return body;
    };
    const inventory = (await ask(`/users/${seller.name}/inventory?per_page=100`)) as { listings: { id: number; release: { id: number } }[] };
    const releaseIds = inventory.listings.map((l) => l.release.id).slice(0, 5);
    for (const l of inventory.listings.slice(0, 5)) await ask(`/marketplace/listings/${l.id}`);
    const masterIds = new Set<number>();
    const artistIds = new Set<number>();
    const labelIds = new Set<number>();
    for (const id of releaseIds) {
      const r = (await ask(`/releases/${id}`)) as { master_id?: number; artists: { id: number }[]; labels: { id: number }[] };
      if (r.master_id !== undefined) masterIds.add(r.master_id);
      for (const a of r.artists) artistIds.add(a.id);
      for (const l of r.labels) labelIds.add(l.id);
    }
    for (const id of [...masterIds].slice(0, 3)) await ask(`/masters/${id}`);
    for (const id of [...artistIds].slice(0, 3)) await ask(`/artists/${id}`);
    for (const id of [...labelIds].slice(0, 3)) await ask(`/labels/${id}`);
    for (const who of [seller, buyer]) {
      await ask(`/users/${who.name}`, who);
      await ask(`/marketplace/orders`, who);
      await ask(`/users/${who.name}/wants`, who);
      await ask(`/users/${who.name}/collection/folders/0/releases`, who);
      const lists = (await ask(`/users/${who.name}/lists`, who)) as { lists: { id: number }[] };
      for (const l of lists.lists.slice(0, 3)) await ask(`/lists/${l.id}`, who);
    }
    expect([...uris.keys()].some((u) => u.includes('/sell/order/')), 'order uris').to.equal(true);
    expect([...uris.keys()].some((u) => u.includes('/sell/item/')), 'listing uris').to.equal(true);

    const problems: string[] = [];
    const contexts = new Map<string, Page>();
    try {
      for (const [uri, as] of uris) {
        const who = as ?? { name: 'anonymous' };
        let page = contexts.get(who.name);
        if (!page) {
          page = (await phone(who, problems)).page;
          contexts.set(who.name, page);
        }
        const response = await page.goto(uri);
        const type = response?.headers()['content-type'] ?? '';
        if (response?.status() !== 200 || !type.startsWith('text/html')) problems.push(`${response?.status()} ${type} ${uri} (as ${who.name})`);
      }
    } finally {
      for (const page of contexts.values()) await page.context().close();
    }
    console.log(`      ${uris.size} uris opened`);
    expect(problems).to.deep.equal([]);
  });
});

/** What the database holds, table by table, bar sessions and counters that reading pages moves. */
function snapshot(db: Database): Promise<Record<string, string>> {
  return tableDigests(rowsOf(db), { skipTable: (table) => /session|rate_limit|nonce|mikro_orm|migration/.test(table) });
}

/** Every `uri` of the site in an API body (images' and videos' are files and other sites, not pages). */
function collectUris(body: unknown, found: (uri: string) => void, parent = ''): void {
  if (Array.isArray(body)) {
    for (const item of body) collectUris(item, found, parent);
  } else if (body && typeof body === 'object') {
    if (parent === 'images' || parent === 'videos') return;
    for (const [key, value] of Object.entries(body)) {
      if (key === 'uri' && typeof value === 'string') found(value);
      else collectUris(value, found, key);
    }
  }
}

/** A URL's route pattern: numeric or slugged segments as `:id`, and the names of its query parameters but `page`. */
export function patternOf(url: URL): string {
  const segments = url.pathname.split('/').map((s) => (/^\d/.test(s) ? ':id' : s));
  const names = [...new Set([...url.searchParams.keys()].filter((n) => n !== 'page' && n !== 'per_page'))].sort();
  return segments.join('/') + (names.length ? `?${names.join('&')}` : '');
}

/** A screenshot's file name for a URL. */
function fileName(url: string): string {
  const u = new URL(url);
  return (u.pathname + u.search).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'root';
}

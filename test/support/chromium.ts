import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Database } from '../../adapters/persistence/database.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { testContainer } from './test-app.js';
import { openTestDatabase, type SharedFill } from './test-database.js';

/** Debian's Chromium (package `chromium`; `.ci/run` installs it where missing), or `CHROMIUM_PATH`. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Skips the suite, saying how to run it, where there is no Chromium; call it first in the suite's `before`. */
export function needChromium(suite: Mocha.Context): void {
  if (!fs.existsSync(CHROMIUM)) {
    console.warn(`    (skipped: no Chromium at ${CHROMIUM}; install Debian's chromium package or set CHROMIUM_PATH)`);
    suite.skip();
  }
}

/** A headless Chromium for the suite (one per file; close it in `after`). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/**
 * A server listening on a free port of 127.0.0.1, with no request listener yet (its base URL is what the app under
 * test is configured with, so it is known first), and that base URL.
 */
export async function listeningServer(): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Fails, naming `what`, when the page is wider than its viewport (it would scroll sideways). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const [scroll, inner] = (await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as number[];
  expect(scroll, `${what} scrolls sideways`).to.be.at.most(inner!);
}

/** Someone who signs in through the form. */
export interface SignInUser {
  readonly name: string;
  readonly password: string;
}

/**
 * A phone-sized page (390 × 800) of a fresh browser context, recording in `problems` every failed load of a page's parts
 * and every console error.
 */
export async function phonePage(browser: Browser, problems: string[]): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
  page.on('response', (r) => r.request().resourceType() !== 'document' && r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  return page;
}

/** Fills the sign-in form the page shows with `user`'s name and password and sends it (whether it works is the caller's to see). */
export async function submitSignIn(page: Page, user: SignInUser): Promise<void> {
  await page.fill('main input[name=username]', user.name);
  await page.fill('main input[name=password]', user.password);
  await page.click('main button[type=submit]');
}

/**
 * Signs `page` in as `user` through the sign-in form: the one at `base`'s `/signin`, or, without `base`, the one the
 * page shows (where a signed-out visit was sent; it leads back). Waits until the page has left the sign-in page.
 */
export async function signIn(page: Page, user: SignInUser, base?: string): Promise<void> {
  if (base !== undefined) await page.goto(`${base}/signin`);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/signin')), submitSignIn(page, user)]);
}

/** A phone-sized page (see `phonePage`) signed in as `user` through the sign-in form of the site at `base`. */
export async function phoneSignedIn(browser: Browser, base: string, user: SignInUser, problems: string[]): Promise<Page> {
  const page = await phonePage(browser, problems);
  await signIn(page, user, base);
  return page;
}

/** The app served to Chromium for one test file (see `chromiumSite`). */
export interface ChromiumSite {
  readonly db: Database;
  readonly container: Container;
  readonly app: Koa;
  /** The app's base URL (its API's and its pages'). */
  readonly base: string;
  readonly browser: Browser;
  /** Closes the browser, the server and the database. */
  close(): Promise<void>;
}

/**
 * A fresh test database (filled by `prepare`, or copied from a shared fill's image, before the app is built on it), the app serving it on a free port of
 * 127.0.0.1 as both its API and its pages (`env` on top), and a headless Chromium: one of each per test file; close it
 * in `after`. What was opened before a step failed is closed again.
 */
export async function chromiumSite(env: Record<string, string> = {}, prepare?: ((db: Database) => Promise<void>) | SharedFill): Promise<ChromiumSite> {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async (): Promise<void> => {
    for (const closeOne of closers.splice(0).reverse()) await closeOne();
  };
  try {
    const db = await openTestDatabase(typeof prepare === 'object' ? prepare : undefined);
    closers.push(() => db.close());
    if (typeof prepare === 'function') await prepare(db);
    const { server, base } = await listeningServer();
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const container = testContainer(db, { BASE_URL: base, WEB_URL: base, ...env });
    const app = container.get(HTTP.HttpApp) as unknown as Koa;
    server.on('request', app.callback());
    const browser = await launchChromium();
    closers.push(() => browser.close());
    return { db, container, app, base, browser, close };
  } catch (err) {
    await close();
    throw err;
  }
}

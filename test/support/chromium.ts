import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright-core';

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

/**
 * A phone-sized page (390 × 800) of a fresh browser context, signed in as `user` through the sign-in form of the site at
 * `base`, recording in `problems` every failed load of a page's parts and every console error.
 */
export async function phoneSignedIn(browser: Browser, base: string, user: { name: string; password: string }, problems: string[]): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
  page.on('response', (r) => r.request().resourceType() !== 'document' && r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(`${base}/signin`);
  await page.fill('input[name=username]', user.name);
  await page.fill('input[name=password]', user.password);
  await page.click('main button[type=submit]');
  return page;
}

import type Koa from 'koa';
import { messageBody } from '../json-body.js';

/**
 * Product tokens of the default `User-Agent` of browsers, HTTP libraries, command-line tools and API consoles: strings
 * that name the tool, not the application using it. Each is compared, case-insensitively, with the whole first product
 * token of the header (up to the first `/`, space, `(` or `;`), so `curl/8.1` and `got (https://…)` match while
 * `Curlew/1.0` or `Gotham/2` do not.
 *
 * Left out on purpose: libraries that send no default agent (.NET HttpClient, Rust reqwest, PHP's curl extension) —
 * their requests arrive without one and are refused as missing; and `CFNetwork`/`Darwin`, which iOS appends after the
 * application's own token.
 */
export const GENERIC_USER_AGENT_PATTERNS: readonly string[] = [
  // Browsers, and everything that imitates one (PowerShell's Invoke-WebRequest, most crawlers).
  'mozilla',
  'opera',
  // Command-line tools and API consoles.
  'curl',
  'wget',
  'httpie',
  'postmanruntime',
  'insomnia',
  // Python: requests, urllib, urllib3, httpx; aiohttp sends `Python/3.x aiohttp/3.x`.
  'python-requests',
  'python-urllib',
  'python-urllib3',
  'python-httpx',
  'python',
  // JavaScript runtimes and libraries (Node's built-in fetch sends `node`, older versions `undici`).
  'axios',
  'node-fetch',
  'node-superagent',
  'got',
  'undici',
  'node',
  'deno',
  'bun',
  // Go.
  'go-http-client',
  'go-resty',
  // JVM and Android.
  'java',
  'java-http-client',
  'apache-httpclient',
  'okhttp',
  'dalvik',
  // Ruby, Perl, PHP, Dart, .NET.
  'ruby',
  'faraday',
  'rest-client',
  'libwww-perl',
  'guzzlehttp',
  'dart',
  'restsharp',
];

const GENERIC = new Set(GENERIC_USER_AGENT_PATTERNS);

/** The agent's first product token (up to the first `/`, space, `(` or `;`), or undefined for none. */
function productToken(ua: string): string | undefined {
  return /^[^/\s(;]+/.exec(ua.trim())?.[0];
}

/** True when the agent's first product token is one of {@link GENERIC_USER_AGENT_PATTERNS}. */
export function isGenericUserAgent(ua: string): boolean {
  const product = productToken(ua);
  return product !== undefined && GENERIC.has(product.toLowerCase());
}

/**
 * The 403's message for a generic agent: which tool it names, and what to send instead (the spec's form: a product
 * name and version, optionally a `+` and a URL).
 */
export function genericUserAgentMessage(ua: string): string {
  const product = productToken(ua) ?? ua.trim();
  return (
    `The User-Agent "${product}" names a generic HTTP client or browser, not your application. ` +
    'Send a User-Agent that names your application and its version, optionally followed by a URL, ' +
    'for example: MyApp/1.0 +https://example.com'
  );
}

export interface UserAgentRuleOptions {
  /** Refuse generic library and browser agents too (operator setting `BLOCK_GENERIC_USER_AGENTS`). */
  readonly blockGeneric: boolean;
  /** Requests the rule does not apply to (web pages and whatever a browser navigates to). */
  readonly exempt?: (ctx: Koa.Context) => boolean;
}

/** The product tokens of browsers among {@link GENERIC_USER_AGENT_PATTERNS}: the agent a page's script cannot change. */
const BROWSER_PRODUCTS = new Set(['mozilla', 'opera']);

/**
 * Why the API refuses a request with this `User-Agent`: `missing` (missing or blank), `generic` (a generic agent,
 * when `blockGeneric`), or undefined when it does not. A browser's agent on a cross-origin request (one carrying
 * `Origin`) is not refused as generic: a page's script cannot set `User-Agent` (Chromium ignores it), and the page's
 * origin names the application the way the agent would.
 */
export function userAgentRefusal(ua: string, blockGeneric: boolean, origin = ''): 'missing' | 'generic' | undefined {
  if (ua.trim() === '') return 'missing';
  if (!blockGeneric || !isGenericUserAgent(ua)) return undefined;
  if (origin !== '' && BROWSER_PRODUCTS.has(productToken(ua)!.toLowerCase())) return undefined;
  return 'generic';
}

/** Whether the API refuses a request with this `User-Agent` and `Origin` (see {@link userAgentRefusal}). */
export function refusesUserAgent(ua: string, blockGeneric: boolean, origin = ''): boolean {
  return userAgentRefusal(ua, blockGeneric, origin) !== undefined;
}

/**
 * Refuses a request without a `User-Agent` (missing or blank) with a 403 and an empty body, as the spec says, and one
 * with a generic agent, when `blockGeneric`, with a 403 whose `{"message"}` says what to send instead (a browser's
 * own agent on a cross-origin request excepted: {@link userAgentRefusal}); the rest of the chain does not run.
 */
export function userAgentRule(options: UserAgentRuleOptions): Koa.Middleware {
  return async function userAgentMiddleware(ctx, next) {
    const ua = ctx.get('User-Agent');
    if (options.exempt?.(ctx)) {
      await next();
      return;
    }
    const refusal = userAgentRefusal(ua, options.blockGeneric, ctx.get('Origin'));
    if (refusal === 'missing') {
      // Body first: setting a null body after the status would turn the status into 204.
      ctx.body = null;
      ctx.status = 403;
      return;
    }
    if (refusal === 'generic') {
      ctx.status = 403;
      ctx.type = 'application/json';
      ctx.body = messageBody(genericUserAgentMessage(ua));
      return;
    }
    await next();
  };
}

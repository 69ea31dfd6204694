import type Koa from 'koa';

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

/** True when the agent's first product token is one of {@link GENERIC_USER_AGENT_PATTERNS}. */
export function isGenericUserAgent(ua: string): boolean {
  const product = /^[^/\s(;]+/.exec(ua.trim());
  return product !== null && GENERIC.has(product[0].toLowerCase());
}

export interface UserAgentRuleOptions {
  /** Refuse generic library and browser agents too (operator setting `BLOCK_GENERIC_USER_AGENTS`). */
  readonly blockGeneric: boolean;
  /** Paths the rule does not apply to (web pages, which browsers visit). */
  readonly exempt?: (path: string) => boolean;
}

/** Whether the API refuses a request with this `User-Agent` (missing or blank, or generic when `blockGeneric`). */
export function refusesUserAgent(ua: string, blockGeneric: boolean): boolean {
  return ua.trim() === '' || (blockGeneric && isGenericUserAgent(ua));
}

/**
 * Refuses a request without a `User-Agent` (missing or blank), or with a generic one when `blockGeneric`, with a 403
 * and an empty body, as the spec says; the rest of the chain does not run.
 */
export function userAgentRule(options: UserAgentRuleOptions): Koa.Middleware {
  return async function userAgentMiddleware(ctx, next) {
    const ua = ctx.get('User-Agent');
    if (options.exempt?.(ctx.path)) {
      await next();
      return;
    }
    if (refusesUserAgent(ua, options.blockGeneric)) {
      // Body first: setting a null body after the status would turn the status into 204.
      ctx.body = null;
      ctx.status = 403;
      return;
    }
    await next();
  };
}

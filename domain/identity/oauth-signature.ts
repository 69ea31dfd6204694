/*
 * OAuth 1.0a signatures (RFC 5849, section 3.4): the signature base string, and PLAINTEXT. HMAC-SHA1 is the base
 * string signed with the key `consumerSecret&tokenSecret` (the hashing itself is an adapter's).
 */

/** RFC 3986 percent-encoding as RFC 5849 §3.6 wants it: everything but unreserved characters, UTF-8, upper-case hex. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The base string URI (§3.4.1.2): scheme and host in lower case, the port only when it is not the scheme's default,
 * the path as it is (percent-encoded as sent), no query or fragment.
 */
export function baseStringUri(url: string): string {
  const u = new URL(url);
  const scheme = u.protocol.toLowerCase();
  const defaultPort = (scheme === 'http:' && u.port === '80') || (scheme === 'https:' && u.port === '443') || u.port === '';
  return `${scheme}//${u.hostname.toLowerCase()}${defaultPort ? '' : `:${u.port}`}${u.pathname === '' ? '/' : u.pathname}`;
}

/**
 * The normalised parameters (§3.4.1.3.2): every parameter of the query, the `Authorization` header (but `realm` and
 * `oauth_signature`) and a form body, each name and value percent-encoded, sorted by name then value, `name=value`
 * joined with `&`.
 */
export function normalizedParameters(parameters: ReadonlyArray<readonly [string, string]>): string {
  return parameters
    .filter(([name]) => name !== 'oauth_signature' && name !== 'realm')
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The signature base string (§3.4.1.1): method, base string URI and normalised parameters, each encoded, joined by `&`. */
export function signatureBaseString(method: string, url: string, parameters: ReadonlyArray<readonly [string, string]>): string {
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalizedParameters(parameters))].join('&');
}

/** The signing key (§3.4.2): both secrets encoded, joined by `&`; also the PLAINTEXT signature (§3.4.4). */
export function signingKey(consumerSecret: string, tokenSecret: string): string {
  return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
}

import { Invalid } from '../errors.js';

/** A required text field, trimmed unless said otherwise: missing (or blank) gives a clear 422. */
export function requiredText(value: string | undefined, field: string, options: { trim?: boolean } = {}): string {
  if (typeof value !== 'string') throw new Invalid(`${field} is required and must be a string.`);
  const text = options.trim === false ? value : value.trim();
  if (text === '') throw new Invalid(`${field} is required.`);
  return text;
}

/** An optional text field: undefined gives '', text is trimmed and at most `max` characters long. */
export function optionalText(value: string | undefined, field: string, max: number): string {
  if (value === undefined) return '';
  const text = value.trim();
  if (text.length > max) throw new Invalid(`${field} is at most ${max} characters long.`);
  return text;
}

/** An http(s) URL without credentials, at most 2000 characters; `what` names it in the problem (`A callback URL`). */
export function httpUrlProblem(url: string, what: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${JSON.stringify(url)} is not a URL.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${what} is http or https.`;
  if (parsed.username || parsed.password) return `${what} may not carry a user name or password.`;
  if (url.length > 2000) return `${what} is at most 2000 characters long.`;
  return null;
}

/** An http(s) URL without credentials, or `oob`: what an OAuth callback may be. */
export function callbackProblem(url: string): string | null {
  return url === 'oob' ? null : httpUrlProblem(url, 'A callback URL');
}

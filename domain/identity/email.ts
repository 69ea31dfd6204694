/** The longest email address (RFC 5321's limit on a path). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Why an email address cannot be used, or null when it can: one `@` between a non-empty local part and a domain
 * with a dot, no spaces or control characters, at most 254 characters. (Whether it receives mail is another matter.)
 */
export function emailProblem(email: string): string | null {
  if (email.length > EMAIL_MAX_LENGTH) return `An email address is at most ${EMAIL_MAX_LENGTH} characters long.`;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at <= 0 || local.includes('@') || !/^[^\s@]+\.[^\s@.]+$/.test(domain) || /[\s\u0000-\u001f]/.test(email)) {
    return `${JSON.stringify(email)} is not an email address.`;
  }
  return null;
}

/** The form addresses are compared in: the same address in another case is the same address. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}

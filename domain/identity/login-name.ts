/** The longest login name: it is a path segment of every URL about the user (`/s/{name}`). */
export const LOGIN_NAME_MAX_LENGTH = 40;

const ALLOWED = /^[A-Za-z0-9._-]+$/;

/**
 * Why a login name cannot be used, or null when it can. A name is 2 to 40 characters of ASCII letters, digits, `.`,
 * `_` and `-`, starting with a letter or digit: so it fits a URL path segment as it is, with nothing to encode and no
 * `.`/`..` segment.
 */
export function loginNameProblem(name: string): string | null {
  if (name.length < 2 || name.length > LOGIN_NAME_MAX_LENGTH) {
    return `A login name is 2 to ${LOGIN_NAME_MAX_LENGTH} characters long; ${JSON.stringify(name)} has ${name.length}.`;
  }
  if (!ALLOWED.test(name)) {
    const bad = [...name].find((c) => !ALLOWED.test(c))!;
    return (
      `A login name may hold only letters (A-Z, a-z), digits, '.', '_' and '-'; ` +
      `${JSON.stringify(name)} has ${JSON.stringify(bad)}.`
    );
  }
  if (!/^[A-Za-z0-9]/.test(name)) return `A login name starts with a letter or a digit; ${JSON.stringify(name)} does not.`;
  return null;
}

/** The form login names are compared in: two names that differ only in case are the same name. */
export function loginKey(name: string): string {
  return name.toLowerCase();
}

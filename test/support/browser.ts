import type Koa from 'koa';
import request from 'supertest';
import { WEB_URL } from './test-app.js';

/** The CSRF token of the first form of a page's HTML (the one token of its session: ADR 0049); undefined without a form. */
export function formTokenOf(html: string): string | undefined {
  return /name="csrf" value="([A-Za-z0-9]+)"/.exec(html)?.[1];
}

/**
 * A browser: cookies kept between requests, the CSRF token read from the last form. It talks to an application in
 * the test's process, or to a running server by its URL. Like a browser it follows a `303` to a page of the site (the
 * page after signing in, whose forms carry the new session's token); the `303` itself is what `post` answers.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly app: Koa | string) {}

  private target(): string | ReturnType<Koa['callback']> {
    return typeof this.app === 'string' ? this.app : this.app.callback();
  }

  private keep(res: request.Response): request.Response {
    for (const line of (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const token = formTokenOf(res.text ?? '');
    if (token !== undefined) this.csrf = token;
    return res;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async get(path: string): Promise<request.Response> {
    return this.keep(await request(this.target()).get(path).set('Cookie', this.cookieHeader()));
  }

  async post(path: string, form: Record<string, string>, options: { csrf?: string | null } = {}): Promise<request.Response> {
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    const body = new URLSearchParams({ ...form, ...(csrf === null ? {} : { csrf }) }).toString();
    const res = this.keep(
      await request(this.target())
        .post(path)
        .set('Cookie', this.cookieHeader())
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(body),
    );
    const location = res.headers.location as string | undefined;
    if (res.status === 303 && location?.startsWith(`${WEB_URL}/`)) await this.get(location.slice(WEB_URL.length));
    return res;
  }

  /**
   * Sends a `multipart/form-data` form with one file (as a file input sends it): the form's fields, the CSRF token
   * among them unless `csrf` is null, and the file as `field`.
   */
  async upload(
    path: string,
    form: Record<string, string>,
    file: { field: string; filename: string; contentType: string; content: string | Buffer },
    options: { csrf?: string | null } = {},
  ): Promise<request.Response> {
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    let req = request(this.target()).post(path).set('Cookie', this.cookieHeader());
    for (const [k, v] of Object.entries({ ...form, ...(csrf === null ? {} : { csrf }) })) req = req.field(k, v);
    const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
    const res = this.keep(await req.attach(file.field, content, { filename: file.filename, contentType: file.contentType }));
    const location = res.headers.location as string | undefined;
    if (res.status === 303 && location?.startsWith(`${WEB_URL}/`)) await this.get(location.slice(WEB_URL.length));
    return res;
  }
}


/** Signs the browser in as `name` with `password` through the sign-in form (303 on success). */
export async function signedIn(app: Koa, name: string, password: string): Promise<Browser> {
  const browser = new Browser(app);
  await browser.get('/signin');
  const res = await browser.post('/signin', { username: name, password, next: '/settings/developers' });
  if (res.status !== 303) throw new Error(`sign-in as ${name} failed: ${res.status} ${res.text}`);
  return browser;
}

/** The problem shown beside a field, and whether the field is marked invalid. */
export function problemOf(html: string, field: string): { text: string | undefined; invalid: boolean } {
  const text = new RegExp(`<p class="error" id="${field}-problem">([^<]*)</p>`).exec(html)?.[1];
  const invalid = new RegExp(`id="${field}"[^>]*aria-invalid="true"`).test(html);
  return { text, invalid };
}

import type Koa from 'koa';
import request from 'supertest';
import type { TestApplication, TestUser } from './identity-fixtures.js';
import { AGENT } from './test-app.js';

/** Who calls: a user (their personal token), an application's key and secret, or nobody. */
export type Who = TestUser | 'app' | 'anonymous';

/**
 * Requests to `app` as someone, with the test agent and the `Authorization` header of the brand word: `get`, `delete`,
 * and `post`/`put` that send a JSON body when one is given and none otherwise.
 */
export function apiAs(app: Koa, client: TestApplication, brand = 'Service') {
  return (who: Who) => {
    const auth =
      who === 'anonymous' ? undefined : who === 'app' ? `${brand} key=${client.key}, secret=${client.secret}` : `${brand} token=${who.token}`;
    const go = (r: request.Test): request.Test => (auth ? r.set('Authorization', auth) : r).set('User-Agent', AGENT);
    const withBody = (r: request.Test, body: unknown): request.Test =>
      body === undefined ? r : r.set('Content-Type', 'application/json').send(JSON.stringify(body));
    return {
      get: (path: string) => go(request(app.callback()).get(path)),
      delete: (path: string) => go(request(app.callback()).delete(path)),
      post: (path: string, body?: unknown) => withBody(go(request(app.callback()).post(path)), body),
      put: (path: string, body?: unknown) => withBody(go(request(app.callback()).put(path)), body),
    };
  };
}

import http from 'node:http';
import net from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { userCaller, type Caller } from '../../../../application/shared/caller.js';
import { pageCaller, SESSION_COOKIE, sessionCaller, WebPageKit } from '../../../../adapters/http/web-pages/web-page-kit.js';
import type { WebSessions } from '../../../../application/identity/web-sessions.js';

/** A request's Koa context carrying this session cookie. */
function contextWith(cookie: string): Koa.Context {
  const req = new http.IncomingMessage(new net.Socket());
  req.headers.cookie = `${SESSION_COOKIE}=${cookie}`;
  return new Koa().createContext(req, new http.ServerResponse(req));
}

/** Sessions that count their lookups; `fail` makes the next lookup throw. */
function countingSessions(): { sessions: WebSessions; lookups: string[]; fail: boolean } {
  const state = { lookups: [] as string[], fail: false, sessions: undefined as unknown as WebSessions };
  const caller: Caller = userCaller({ id: 7, username: 'ana', currency: 'USD' } as never, 'session');
  state.sessions = {
    caller: async (cookie: string | undefined) => {
      state.lookups.push(String(cookie));
      if (state.fail) {
        state.fail = false;
        throw new Error('database gone');
      }
      return caller;
    },
    signOut: async () => undefined,
  } as unknown as WebSessions;
  return state;
}

describe('adapters/http/web-pages/web-page-kit: the session caller of a request', () => {
  it('looks the session up once per request, whoever asks (the pages rate limit, then the page)', async () => {
    const counted = countingSessions();
    const ctx = contextWith('abc');
    const first = await sessionCaller(counted.sessions, ctx);
    const second = await pageCaller(counted.sessions, ctx);
    expect([first?.kind, second.kind]).to.deep.equal(['user', 'user']);
    expect(counted.lookups).to.deep.equal(['abc']);
    await pageCaller(counted.sessions, contextWith('abc'));
    expect(counted.lookups, 'another request looks again').to.deep.equal(['abc', 'abc']);
  });

  it('does not keep a failed lookup, and forgets the caller at a change of session', async () => {
    const counted = countingSessions();
    const ctx = contextWith('abc');
    counted.fail = true;
    let failed: unknown;
    await sessionCaller(counted.sessions, ctx).catch((err: unknown) => (failed = err));
    expect((failed as Error).message).to.equal('database gone');
    expect((await sessionCaller(counted.sessions, ctx))?.kind).to.equal('user');
    expect(counted.lookups).to.deep.equal(['abc', 'abc']);

    const kit = new WebPageKit({ sessions: counted.sessions, secrets: { token: () => 'x' } as never }, { webUrl: 'http://localhost', site: 'Spindle' }, {} as never);
    await kit.switchSession(ctx, null);
    await sessionCaller(counted.sessions, ctx);
    expect(counted.lookups).to.deep.equal(['abc', 'abc', 'abc']);
  });
});

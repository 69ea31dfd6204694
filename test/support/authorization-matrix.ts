import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import type { TestApplication, TestUser } from './identity-fixtures.js';
import { AGENT } from './test-app.js';

/** The four kinds of caller every endpoint is tried as. */
export const CALLERS = ['anonymous', 'application', 'another user', 'owner'] as const;
export type CallerKind = (typeof CALLERS)[number];

/** The parties of the matrix: the owner of the resources, another user, and an application (key and secret). */
export interface MatrixParties {
  readonly owner: TestUser;
  readonly other: TestUser;
  readonly application: TestApplication;
  /** The path of a signed image URL of the catalogue fixture (`/images/{signature}/release/10/0.png`). */
  readonly imagePath: string;
}

/**
 * One endpoint: how to call it, the status each kind of caller gets, and what only some callers may see. `path` and
 * `body` may depend on the parties (the owner's name in `/s/{name}`, an id made for the owner).
 */
export interface MatrixRow {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string | ((p: MatrixParties) => string);
  readonly body?: object | ((p: MatrixParties) => object);
  readonly status: Readonly<Record<CallerKind, number>>;
  /**
   * Texts (fields, values) that may appear only for the callers listed: e.g. the owner's email only to the owner.
   * Secrets (tokens, consumer secrets, password hashes) may never appear, for anyone.
   */
  readonly privateTo?: ReadonlyArray<{ readonly text: (p: MatrixParties) => string; readonly visibleTo: readonly CallerKind[] }>;
  /** Checks the body further, per caller. */
  readonly check?: (who: CallerKind, body: unknown, p: MatrixParties) => void;
}

/** Every secret of the parties: none may ever reach a response. */
function secretsOf(p: MatrixParties): string[] {
  return [p.owner.token, p.other.token, p.owner.password, p.other.password, p.application.secret];
}

/** Sends a row's request as one kind of caller. */
function send(app: Koa, row: MatrixRow, who: CallerKind, p: MatrixParties): request.Test {
  const path = typeof row.path === 'function' ? row.path(p) : row.path;
  const agent = request(app.callback());
  let req =
    row.method === 'GET' ? agent.get(path) : row.method === 'POST' ? agent.post(path) : row.method === 'PUT' ? agent.put(path) : agent.delete(path);
  req = req.set('User-Agent', AGENT);
  if (who === 'application') req = req.set('Authorization', `Service key=${p.application.key}, secret=${p.application.secret}`);
  if (who === 'another user') req = req.set('Authorization', `Service token=${p.other.token}`);
  if (who === 'owner') req = req.set('Authorization', `Service token=${p.owner.token}`);
  if (row.body !== undefined) req = req.send(typeof row.body === 'function' ? row.body(p) : row.body);
  return req;
}

/** Defines one test per row and caller: the status, no secret anywhere, private texts only where allowed. */
export function authorizationMatrix(rows: readonly MatrixRow[], setup: () => { app: Koa; parties: MatrixParties }): void {
  for (const row of rows) {
    const name = typeof row.path === 'function' ? row.path.toString().replace(/^.*=>\s*/, '').replace(/`/g, '') : row.path;
    for (const who of CALLERS) {
      it(`${row.method} ${name} as ${who}: ${row.status[who]}`, async () => {
        const { app, parties } = setup();
        const res = await send(app, row, who, parties);
        expect(res.status, res.text).to.equal(row.status[who]);
        const seen = res.text + JSON.stringify(res.headers);
        for (const secret of secretsOf(parties)) expect(seen, 'a secret in the response').to.not.include(secret);
        for (const item of row.privateTo ?? []) {
          const text = item.text(parties);
          if (!item.visibleTo.includes(who)) expect(seen, `${text} shown to ${who}`).to.not.include(text);
        }
        row.check?.(who, res.body, parties);
      });
    }
  }
}

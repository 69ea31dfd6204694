import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { demoCover } from '../../adapters/system/png.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { IMAGES } from '../../composition/images/images-tokens.js';
import { aLabel, aMaster, anArtist, aRelease, aCredit, onLabel } from './builders/catalogue-builders.js';
import { seedCatalogue } from './catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from './identity-fixtures.js';
import { AGENT, testContainer } from './test-app.js';
import { openTestStorage, type TestStorage } from './test-storage.js';

/** The four kinds of caller every endpoint is tried as. */
export const CALLERS = ['anonymous', 'application', 'another user', 'owner'] as const;
export type CallerKind = (typeof CALLERS)[number];

/** The same status for every kind of caller. */
export const everyone = (status: number): Record<CallerKind, number> => ({
  anonymous: status,
  application: status,
  'another user': status,
  owner: status,
});

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
  /** A file sent as a `multipart/form-data` part instead of a JSON body (an upload). */
  readonly file?: MatrixFile;
  readonly status: Readonly<Record<CallerKind, number>>;
  /**
   * Texts (fields, values) that may appear only for the callers listed: e.g. the owner's email only to the owner.
   * Secrets (tokens, consumer secrets, password hashes) may never appear, for anyone.
   */
  readonly privateTo?: ReadonlyArray<{ readonly text: (p: MatrixParties) => string; readonly visibleTo: readonly CallerKind[] }>;
  /** Checks the body further, per caller. */
  readonly check?: (who: CallerKind, body: unknown, p: MatrixParties) => void;
}

/** A file part of a multipart request: its form field, file name, media type and text (which may depend on the parties). */
export interface MatrixFile {
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly content: string | ((p: MatrixParties) => string);
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
  if (row.file) {
    const { field, filename, contentType, content } = row.file;
    req = req.attach(field, Buffer.from(typeof content === 'function' ? content(p) : content, 'utf8'), { filename, contentType });
  }
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

/**
 * The world a matrix runs in: a storage (a test database, or in memory on the third pass), the app, the container (to
 * make a module's resources) and the parties.
 */
export interface MatrixWorld {
  readonly db: TestStorage;
  readonly container: Container;
  readonly app: Koa;
  readonly parties: MatrixParties;
  close(): Promise<void>;
}

/**
 * Opens the matrix's world: two users with personal tokens (`matrix-owner`, `matrix-other`), an application of the
 * owner's, a signed image, and a small catalogue (artist 1, label 7, master 5, release 10 and release 11). Every module's
 * matrix file starts here, then makes the owner's resources through its own use cases.
 */
export async function openMatrix(): Promise<MatrixWorld> {
  const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-matrix-images-'));
  const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-matrix-files-'));
  const db = await openTestStorage();
  // Limits out of the way: every row is tried four times from one address.
  const container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', IMAGE_DIR: imageDir, FILE_DIR: fileDir });
  const app = container.get(HTTP.HttpApp) as unknown as Koa;
  await emptyIdentity(db);
  const owner = await aUser(container, 'matrix-owner');
  const other = await aUser(container, 'matrix-other');
  const imageKey = 'release/10/0.png';
  await container.get(IMAGES.Store).write(imageKey, demoCover(10, 150));
  const imagePath = `/images/${await container.get(IMAGES.Signer).sign(imageKey)}/${imageKey}`;
  const parties = { owner, other, application: await anApplication(container, 'matrix-owner', 'Matrix App'), imagePath };
  await seedCatalogue(db, {
    artists: [anArtist(1, { name: 'Matrix Artist' })],
    labels: [aLabel(7, { name: 'Matrix Label' })],
    masters: [aMaster(5, { mainRelease: 10 })],
    releases: [
      aRelease(10, { masterId: 5, artists: [aCredit(1, 'Matrix Artist')], labels: [onLabel(7, 'Matrix Label')] }),
      aRelease(11, { masterId: 5, artists: [aCredit(1, 'Matrix Artist')], labels: [onLabel(7, 'Matrix Label')] }),
    ],
  });
  return {
    db,
    container,
    app,
    parties,
    async close() {
      await db.close();
      fs.rmSync(imageDir, { recursive: true, force: true });
      fs.rmSync(fileDir, { recursive: true, force: true });
    },
  };
}

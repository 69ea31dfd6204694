import fs from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Database } from '../../adapters/persistence/database.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { testContainer } from './test-app.js';

/** A server that public Discogs clients are driven against. */
export interface ClientServer {
  readonly container: Container;
  /** `http://127.0.0.1:{port}`, the server's BASE_URL. */
  readonly base: string;
  readonly port: number;
  /** Stops listening and removes the server's file folder (the database stays the caller's). */
  close(): Promise<void>;
}

/**
 * The whole container on `db` with the brand word `Discogs`, listening on a loopback port: the port is taken first,
 * since clients follow the resource URLs they are given and BASE_URL must be the server's own address. Rate limits
 * are out of the way and files (exports, uploads) go to a temporary folder. `wrap` may wrap the app's listener, e.g.
 * to record the answers.
 */
export async function discogsClientServer(db: Database, wrap: (listener: RequestListener) => RequestListener = (l) => l): Promise<ClientServer> {
  let handle: RequestListener = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-client-files-'));
  const container = testContainer(db, {
    BRAND: 'Discogs',
    BASE_URL: base,
    RATE_LIMIT_ANONYMOUS: '100000',
    RATE_LIMIT_AUTHENTICATED: '100000',
    FILE_DIR: fileDir,
    JOB_POLL_MS: '20',
  });
  handle = wrap((container.get(HTTP.HttpApp) as unknown as Koa).callback());
  return {
    container,
    base,
    port,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(fileDir, { recursive: true, force: true });
    },
  };
}

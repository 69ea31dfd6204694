import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

import { expect } from 'chai';
import pg from 'pg';

import { RedisRateLimitStore } from '../../../adapters/rate-limit/redis-rate-limit-store.js';
import { startupErrorMessage } from '../../../composition/startup-errors.js';
import { closedPort } from '../../support/ports.js';

// The errors below are the real ones, made by doing what fails (except EACCES, which root cannot provoke).

async function listenError(port: number, host: string): Promise<Error> {
  const server = http.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', resolve);
    server.listen(port, host, () => {
      server.close();
      reject(new Error(`listening on ${host}:${port} succeeded`));
    });
  });
}


/** Connects with pg as the server does, and returns the error it fails with. */
async function pgError(url: string, options: pg.ClientConfig = {}): Promise<Error> {
  const client = new pg.Client({ connectionString: url, ...options });
  try {
    await client.connect();
  } catch (err) {
    return err as Error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error(`connecting to ${url} succeeded`);
}

/** A TCP server on 127.0.0.1; `onSocket` decides what it says. */
async function fakeServer(onSocket: (socket: net.Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A PostgreSQL server that asks for a password and refuses it, as one with md5/scram auth does (SQLSTATE 28P01). */
function refusePassword(socket: net.Socket): void {
  let stage = 0;
  socket.on('data', () => {
    if (stage++ === 0) {
      const ask = Buffer.alloc(9); // AuthenticationCleartextPassword
      ask.write('R', 0);
      ask.writeInt32BE(8, 1);
      ask.writeInt32BE(3, 5);
      socket.write(ask);
      return;
    }
    const fields = ['SFATAL', 'VFATAL', 'C28P01', 'Mpassword authentication failed for user "spindle"']
      .map((f) => `${f}\0`)
      .join('');
    const body = Buffer.from(`${fields}\0`);
    const head = Buffer.alloc(5);
    head.write('E', 0);
    head.writeInt32BE(body.length + 4, 1);
    socket.end(Buffer.concat([head, body]));
  });
}

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('composition/startup-errors', () => {
  describe('listening', () => {
    it('names the port and host when the port is taken', async () => {
      const taken = http.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as AddressInfo;
      try {
        const err = await listenError(port, '127.0.0.1');
        expect(startupErrorMessage(err)).to.equal(
          `Port ${port} on 127.0.0.1 is already in use; stop the other process or set PORT.`,
        );
      } finally {
        taken.close();
      }
    });

    it('says a privileged port needs privileges (EACCES, in the shape Node gives it)', () => {
      const err = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), {
        code: 'EACCES',
        errno: -13,
        syscall: 'listen',
        address: '0.0.0.0',
        port: 80,
      });
      expect(startupErrorMessage(err)).to.equal(
        'Port 80 on 0.0.0.0 needs privileges this process does not have; use a port above 1023 or set PORT.',
      );
    });

    it('says when HOST is not an address of this machine', async () => {
      const err = await listenError(3000, '192.0.2.1');
      expect(startupErrorMessage(err)).to.equal(
        'Cannot listen on 192.0.2.1:3000: that address is not on this machine; set HOST.',
      );
    });
  });

  describe('PostgreSQL', () => {
    it('cannot connect: connection refused, without the password', async () => {
      const port = await closedPort();
      const url = `postgres://spindle:s3cret@127.0.0.1:${port}/spindle`;
      const line = startupErrorMessage(await pgError(url), { databaseUrl: url });
      expect(line).to.equal(
        `Cannot reach the PostgreSQL server at postgres://spindle@127.0.0.1:${port}/spindle (connection refused); start it or fix DATABASE_URL.`,
      );
    });

    it('cannot connect: unknown host', async () => {
      const url = 'postgres://spindle:s3cret@no-such-host.invalid:5432/spindle';
      const err = await pgError(url);
      expect(startupErrorMessage(err, { databaseUrl: url })).to.match(
        /^Cannot reach the PostgreSQL server at postgres:\/\/spindle@no-such-host\.invalid:5432\/spindle \(host (not found|name lookup failed)\); start it or fix DATABASE_URL\.$/,
      );
    });

    it('cannot connect: the server never answers', async () => {
      const silent = await fakeServer(() => undefined);
      try {
        const url = `postgres://spindle:s3cret@127.0.0.1:${silent.port}/spindle`;
        const err = await pgError(url, { connectionTimeoutMillis: 200 });
        expect(startupErrorMessage(err, { databaseUrl: url })).to.equal(
          `Cannot reach the PostgreSQL server at postgres://spindle@127.0.0.1:${silent.port}/spindle (no answer in time); start it or fix DATABASE_URL.`,
        );
      } finally {
        await silent.close();
      }
    });

    it('wrong password (28P01)', async () => {
      const server = await fakeServer(refusePassword);
      try {
        const url = `postgres://spindle:s3cret@127.0.0.1:${server.port}/spindle`;
        const err = await pgError(url);
        expect((err as Error & { code?: string }).code).to.equal('28P01');
        expect(startupErrorMessage(err, { databaseUrl: url })).to.equal(
          `The PostgreSQL server at postgres://spindle@127.0.0.1:${server.port}/spindle refused the password of user "spindle"; fix the password in DATABASE_URL.`,
        );
      } finally {
        await server.close();
      }
    });

    describe('on a real server', function () {
      const base = new URL(PG_URL);
      before(async function () {
        const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
        try {
          await client.connect();
        } catch (err) {
          console.warn(`      Skipping: PostgreSQL at ${base.host} did not accept a connection (${(err as Error).message}).`);
          this.skip();
        } finally {
          await client.end().catch(() => undefined);
        }
      });

      it('missing database (3D000): says how to create it', async () => {
        const url = `postgres://${base.username || 'postgres'}:s3cret@${base.host}/spindle_missing_a`;
        const err = await pgError(url);
        expect((err as Error & { code?: string }).code).to.equal('3D000');
        const user = base.username || 'postgres';
        expect(startupErrorMessage(err, { databaseUrl: url })).to.equal(
          `The database "spindle_missing_a" does not exist on the PostgreSQL server at postgres://${user}@${base.host}/spindle_missing_a; ` +
            `create it (createdb -h ${base.hostname} -p ${base.port || 5432} -U ${user} spindle_missing_a) or fix DATABASE_URL.`,
        );
      });

      it('unknown role (28000)', async () => {
        const url = `postgres://nobody_spindle_a:s3cret@${base.host}/postgres`;
        const err = await pgError(url);
        expect((err as Error & { code?: string }).code).to.equal('28000');
        expect(startupErrorMessage(err, { databaseUrl: url })).to.equal(
          `The PostgreSQL server at postgres://nobody_spindle_a@${base.host}/postgres refused the login ` +
            `(role "nobody_spindle_a" does not exist); fix the user in DATABASE_URL or the server's pg_hba.conf.`,
        );
      });
    });
  });

  it('Redis that does not answer: the store\'s message and what to do', async () => {
    const port = await closedPort();
    const err = await RedisRateLimitStore.open(`redis://:s3cret@127.0.0.1:${port}`, { startTimeoutMs: 500 }).then(
      () => expect.fail('should throw'),
      (e: unknown) => e,
    );
    expect(startupErrorMessage(err)).to.equal(
      `Redis at redis://127.0.0.1:${port} did not answer within 0.5 s (connect ECONNREFUSED); ` +
        'start it, fix REDIS_URL, or unset REDIS_URL to count requests in memory.',
    );
  });

  it('looks through cause chains', async () => {
    const err = await listenError(3000, '192.0.2.1');
    expect(startupErrorMessage(new Error('start failed', { cause: err }))).to.match(/^Cannot listen on 192\.0\.2\.1:3000/);
  });

  it('returns undefined for anything else', async () => {
    const port = await closedPort();
    const refused = await pgError(`postgres://x@127.0.0.1:${port}/x`);
    expect(startupErrorMessage(new Error('boom'))).to.equal(undefined);
    expect(startupErrorMessage(new TypeError('x is not a function'), { databaseUrl: PG_URL })).to.equal(undefined);
    expect(startupErrorMessage('a string')).to.equal(undefined);
    expect(startupErrorMessage(undefined)).to.equal(undefined);
    // A refused connection with no PostgreSQL server configured, or to another port than the configured one.
    expect(startupErrorMessage(refused)).to.equal(undefined);
    expect(startupErrorMessage(refused, { databaseUrl: 'postgres://x@127.0.0.1:5999/x' })).to.equal(undefined);
  });

  it('never prints the password in any line', async () => {
    const url = `postgres://spindle:s3cret@127.0.0.1:${await closedPort()}/spindle`;
    const line = startupErrorMessage(await pgError(url), { databaseUrl: url });
    expect(line).to.be.a('string').and.not.include('s3cret');
  });
});

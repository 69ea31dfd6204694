import fs from 'node:fs';
import { expect } from 'chai';
import request from 'supertest';
import { commandPlace, runSpindle, runSpindleInProcess, startSpindle, type CommandPlace, type Run } from '../../support/spindle-cli.js';
import { AGENT } from '../../support/test-app.js';

/**
 * `spindle user|app|token …` on the suite's database (a server, or an embedded folder): in this process (`runCli`),
 * but for a command of each family started as its own process as an operator does (exit status, standard input).
 */
describe('spindle user, app and token (the commands, end to end)', function () {
  this.timeout(180_000);
  let place: CommandPlace;

  before(async () => {
    place = await commandPlace('spindle-identity-');
  });
  after(() => fs.rmSync(place.dir, { recursive: true, force: true }));

  const spindle = (args: string[], input?: string): Promise<Run> => runSpindleInProcess(place, args, input);

  it('adds a user (password as an option or on standard input), an application and tokens, lists and revokes them', async () => {
    const added = await spindle(['user', 'add', 'Operator', '--email', 'op@example.com', '--password', 'secret password']);
    expect(added.code, added.stderr).to.equal(0);
    expect(added.stdout).to.match(/^Created user Operator \(id \d+\)\.\n$/);
    const fromStdin = await runSpindle(place, ['user', 'add', 'piped', '--email', 'piped@example.com'], 'another password\n');
    expect(fromStdin.code, fromStdin.stderr).to.equal(0);
    expect(fromStdin.stdout).to.match(/^Created user piped \(id \d+\)\.\n$/);

    const taken = await spindle(['user', 'add', 'operator', '--email', 'x@example.com', '--password', 'secret password']);
    expect(taken.code).to.equal(2);
    expect(taken.stderr.trim()).to.equal('The login name "operator" is taken (names are compared without regard to case).');
    const badName = await spindle(['user', 'add', 'no spaces', '--email', 'y@example.com', '--password', 'secret password']);
    expect(badName.code).to.equal(2);
    expect(badName.stderr.trim()).to.equal(
      `A login name may hold only letters (A-Z, a-z), digits, '.', '_' and '-'; "no spaces" has " ".`,
    );

    const app = await spindle(['app', 'add', 'My Shelf', '--owner', 'Operator', '--callback', 'https://shelf.example/cb']);
    expect(app.code, app.stderr).to.equal(0);
    expect(app.stdout).to.match(/^consumer_key=[A-Za-z0-9]{20}\nconsumer_secret=[A-Za-z0-9]{32}\n$/);
    const noOwner = await runSpindle(place, ['app', 'add', 'X', '--owner', 'nobody']);
    expect(noOwner.code).to.equal(2);
    expect(noOwner.stderr.trim()).to.equal('There is no user "nobody".');

    const created = await spindle(['token', 'create', 'Operator', '--label', 'backup script']);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.match(/^[A-Za-z0-9]{40}\n$/);
    const token = created.stdout.trim();

    const listed = await spindle(['token', 'list', 'operator']);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).to.include('"backup script"').and.include(`…${token.slice(-4)}  active`);
    expect(listed.stdout).to.not.include(token);
    const id = listed.stdout.split(' ')[0]!;

    const revoked = await spindle(['token', 'revoke', 'Operator', id]);
    expect(revoked.code, revoked.stderr).to.equal(0);
    expect(revoked.stdout).to.equal(`Revoked "backup script" (…${token.slice(-4)}) of Operator.\n`);
    expect((await spindle(['token', 'list', 'Operator'])).stdout).to.include('revoked');
    const again = await runSpindle(place, ['token', 'revoke', 'Operator', 'no-such-id']);
    expect(again.code).to.equal(2);
    expect(again.stderr.trim()).to.equal('Operator has no token "no-such-id".');
  });

  it('lists, renews the secret of and deletes applications, and deletes a user (only with --yes)', async () => {
    const leaver = await spindle(['user', 'add', 'Leaver', '--email', 'leaver@example.com'], 'secret password\n');
    expect([leaver.code, leaver.stderr], 'the password read from standard input').to.deep.equal([0, '']);
    const added = await spindle(['app', 'add', 'Leaving App', '--owner', 'Leaver']);
    const key = /consumer_key=(\w+)/.exec(added.stdout)![1]!;
    const listed = await spindle(['app', 'list', 'leaver']);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).to.include('"Leaving App"').and.include(`key ${key}`).and.include('callback (none)');
    const id = listed.stdout.split(' ')[0]!;
    const rotated = await spindle(['app', 'rotate', 'Leaver', id]);
    expect(rotated.code, rotated.stderr).to.equal(0);
    expect(rotated.stdout).to.match(new RegExp(`^consumer_key=${key}\nconsumer_secret=[A-Za-z0-9]{32}\n$`));
    expect(rotated.stdout).to.not.include(/consumer_secret=(\w+)/.exec(added.stdout)![1]!);
    const notTheirs = await spindle(['app', 'rotate', 'Operator', id]);
    expect([notTheirs.code, notTheirs.stderr.trim()]).to.deep.equal([2, 'Application not found.']);
    const unconfirmed = await spindle(['app', 'delete', 'Leaver', id]);
    expect([unconfirmed.code, unconfirmed.stderr.trim()]).to.deep.equal([2, `Deleting application ${id} cannot be undone: add --yes to confirm.`]);
    const deleted = await spindle(['app', 'delete', 'Leaver', id, '--yes']);
    expect([deleted.code, deleted.stdout]).to.deep.equal([0, 'Deleted application "Leaving App" of Leaver.\n']);
    expect((await spindle(['app', 'list', 'Leaver'])).stdout).to.equal('Leaver has no applications.\n');

    const keep = await spindle(['user', 'delete', 'Leaver']);
    expect([keep.code, keep.stderr.trim()]).to.deep.equal([2, 'Deleting Leaver cannot be undone: add --yes to confirm.']);
    const gone = await spindle(['user', 'delete', 'leaver', '--yes']);
    expect([gone.code, gone.stdout], gone.stderr).to.deep.equal([0, 'Deleted user Leaver.\n']);
    const twice = await spindle(['user', 'delete', 'Leaver', '--yes']);
    expect([twice.code, twice.stderr.trim()]).to.deep.equal([2, 'There is no user "Leaver".']);
    const reused = await spindle(['user', 'add', 'leaver', '--email', 'new@example.com', '--password', 'secret password']);
    expect([reused.code, reused.stderr.trim()]).to.deep.equal([2, 'The login name "leaver" is taken (names are compared without regard to case).']);
  });

  it('works while a server runs on PostgreSQL, and says clearly that the embedded database admits one process', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = startSpindle({ ...place, env: { ...place.env, PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '1' } }, ['serve']);
    server.stdin.end();
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        try {
          await request(base).get('/releases/1').set('User-Agent', AGENT);
          break;
        } catch (err) {
          if (i > 150) throw err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      const created = await spindle(['token', 'create', 'piped']);
      if (process.env.DATABASE_URL) {
        expect(created.code, created.stderr).to.equal(0);
        const res = await request(base).get('/oauth/identity').set('User-Agent', AGENT).set('Authorization', `Service token=${created.stdout.trim()}`);
        expect(res.status).to.equal(200);
        expect(res.body.username).to.equal('piped');
      } else {
        expect(created.code).to.not.equal(0);
        expect(created.stderr).to.match(/in use by another Spindle process/);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('close', r));
    }
  });
});

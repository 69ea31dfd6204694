import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { Database } from '../../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../../composition/modules.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser } from '../../support/identity-fixtures.js';
import { AGENT, testContainer } from '../../support/test-app.js';

/**
 * The embedded database on a disk with less room than `DISK_RESERVE_BYTES`: writes are refused with 503 before PGlite
 * meets a full disk (which it does not survive), reads go on, and the same database takes writes once there is room.
 */
describe('the embedded database short of disk space', function () {
  this.timeout(60_000);
  let dir: string;
  let db: Database;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-disk-'));
    db = await Database.open({ kind: 'embedded', dataDir: path.join(dir, 'data') }, schemaOf(await discoverModules()));
    await db.migrate();
    await seedCatalogue(db, { releases: [aRelease(7, { title: 'Seven' })] });
  });
  after(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses writes with 503 while less than the reserve is free, and takes them again with room', async () => {
    const roomy = testContainer(db, { DISK_RESERVE_BYTES: '0' });
    const rater = await aUser(roomy, 'rater');
    // More than any disk has free: this container's writes find the disk "full".
    const full = testContainer(db, { DISK_RESERVE_BYTES: String(Number.MAX_SAFE_INTEGER) });
    const api = (container: typeof full) => request(container.get(HTTP.HttpApp).callback());

    const refused = await api(full).put('/releases/7/rating/rater').set('User-Agent', AGENT).set('Authorization', `Service token=${rater.token}`).send({ rating: 4 });
    expect(refused.status).to.equal(503);
    expect(refused.headers['retry-after']).to.equal('30');
    expect(refused.body).to.deep.equal({ message: 'The service is temporarily unavailable.' });
    const read = await api(full).get('/releases/7').set('User-Agent', AGENT);
    expect(read.status, 'reads go on').to.equal(200);
    expect((await api(full).get('/releases/7/rating/rater').set('User-Agent', AGENT)).body.rating, 'nothing written').to.equal(0);

    const taken = await api(roomy).put('/releases/7/rating/rater').set('User-Agent', AGENT).set('Authorization', `Service token=${rater.token}`).send({ rating: 4 });
    expect(taken.status).to.equal(200);
    expect((await api(full).get('/releases/7/rating/rater').set('User-Agent', AGENT)).body.rating).to.equal(4);
  });
});

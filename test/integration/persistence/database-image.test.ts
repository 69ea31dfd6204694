import { expect } from 'chai';
import { Database, type DatabaseSchema } from '../../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../../composition/modules.js';

/** `Database.image()`: an embedded database copied as it is, and opened again in memory. */
describe('Database.image: a copy of an embedded database', () => {
  let schema: DatabaseSchema;
  const opened: Database[] = [];
  const open = async (image?: Blob): Promise<Database> => {
    const db = await Database.open({ kind: 'memory', image }, schema);
    opened.push(db);
    return db;
  };
  const names = async (db: Database): Promise<string[]> =>
    (await db.orm.em.getConnection().execute<{ name: string }[]>('select name from image_probe order by name')).map((r) => r.name);

  before(async () => (schema = schemaOf(await discoverModules())));
  after(async () => {
    for (const db of opened) await db.close();
  });

  it('opens with the rows, tables and migrations of the original at the moment of the image, and the two go their own ways', async () => {
    const original = await open();
    const applied = await original.migrate();
    expect(applied.length).to.be.greaterThan(0);
    const conn = original.orm.em.getConnection();
    await conn.execute('create table image_probe (name text primary key)');
    await conn.execute(`insert into image_probe values ('before')`);
    const image = await original.image();
    await conn.execute(`insert into image_probe values ('after')`);

    const copy = await open(image);
    expect(await copy.migrate(), 'migrations already applied').to.deep.equal([]);
    expect(await names(copy)).to.deep.equal(['before']);
    await copy.orm.em.getConnection().execute(`insert into image_probe values ('copy')`);
    expect(await names(copy)).to.deep.equal(['before', 'copy']);
    expect(await names(original)).to.deep.equal(['after', 'before']);

    const second = await open(image);
    expect(await names(second), 'the image is not changed by the copies').to.deep.equal(['before']);
  });

  it('is refused for a database on a server', async function () {
    const url = process.env.DATABASE_URL;
    if (!url) this.skip();
    const db = await Database.open({ kind: 'server', url: url! }, schema);
    opened.push(db);
    let error: unknown;
    await db.image().catch((e: unknown) => (error = e));
    expect(String(error)).to.include('Only an embedded database can be copied into an image');
  });
});

import type { Database } from '../../../adapters/persistence/database.js';

/** Runs SQL on the test database (through the ORM's connection, outside any import). */
export async function sql<T = Record<string, unknown>>(db: Database, query: string): Promise<T[]> {
  return db.orm.em.fork().getConnection().execute<T[]>(query);
}

/** Every row of the catalogue tables, in a stable order; timestamps as text unless left out. */
export async function catalogueSnapshot(db: Database, options: { timestamps?: boolean } = {}): Promise<unknown> {
  const ts = options.timestamps === false ? '' : ', date_added::text AS date_added, date_changed::text AS date_changed';
  return {
    artist: await sql(db, `SELECT id, name, data${ts} FROM artist ORDER BY id`),
    label: await sql(db, `SELECT id, name, data${ts} FROM label ORDER BY id`),
    master: await sql(db, `SELECT id, title, year, main_release, data${ts} FROM master ORDER BY id`),
    release: await sql(
      db,
      `SELECT id, title, status, year, released, country, master_id, is_main_release, artist, label, catno, format,
              format_details, major_formats, thumb, data${ts} FROM release ORDER BY id`,
    ),
    releaseArtist: await sql(db, 'SELECT release_id, artist_id, role FROM release_artist ORDER BY 1, 2, 3'),
    releaseLabel: await sql(db, 'SELECT release_id, position, label_id, catno FROM release_label ORDER BY 1, 2'),
  };
}

export async function emptyCatalogue(db: Database): Promise<void> {
  await sql(db, 'TRUNCATE artist, label, master, release, release_artist, release_label');
}

// An embedding program as a user of the installed package writes it: on the PostgreSQL server DATABASE_URL names.
// Compiled with tsc (NodeNext) against the package's declarations, then run.
import { CATALOGUE, createPinoLogger, demoDataFile, loadConfig, openSpindle, startServer, type Spindle } from 'spindle';
import type { Database } from 'spindle/adapters/persistence';
import type { LabelView } from 'spindle/application/catalogue';
import { NotFound } from 'spindle/application';

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', WEB_CONCURRENCY: '1' });
if (!config.databaseUrl) throw new Error('set DATABASE_URL');
const logger = createPinoLogger('silent');

// Use cases without HTTP: import the bundled demo labels, read one, and an unknown one.
const spindle: Spindle = await openSpindle(config, logger);
try {
  const db: Database | undefined = spindle.db; // undefined on STORAGE=memory
  console.log(`database: ${db?.location.kind}`);
  const importDump = spindle.container.get(CATALOGUE.ImportDump);
  const summary = await importDump.execute({ source: demoDataFile('discogs_20200806_labels.xml.gz') });
  console.log(`imported ${summary.records} ${summary.kind}`);
  const label: LabelView = await spindle.container.get(CATALOGUE.GetLabel).execute({ labelId: 1, textFormat: 'plaintext' });
  console.log(`label 1: ${label.label.name}`);
  try {
    await spindle.container.get(CATALOGUE.GetLabel).execute({ labelId: 999_999_999, textFormat: 'plaintext' });
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
    console.log(`unknown label: ${err.message}`);
  }
} finally {
  await spindle.close();
}

// The HTTP server once.
const server = await startServer(config, logger, { demo: false });
try {
  const res = await fetch(`${server.url}/labels/1`, { headers: { 'User-Agent': 'EmbeddingTest/1.0' } });
  const body = (await res.json()) as { name: string };
  console.log(`GET /labels/1: ${res.status} ${body.name}`);
} finally {
  await server.stop();
}

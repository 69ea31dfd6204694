// An embedding program as a user of the installed package writes it: the whole service on the memory storage family,
// with no database at all. Compiled with tsc (NodeNext) against the package's declarations, then run.
import { CATALOGUE, IDENTITY, InMemoryStorage, LISTS, createPinoLogger, demoDataFile, loadConfig, openSpindle, startServer } from 'spindle';
import { NotFound } from 'spindle/application';
import { Refusal } from 'spindle/domain/shared';
import type { ImportSummary, ReleaseView } from 'spindle/application/catalogue';

const config = loadConfig({ STORAGE: 'memory', HOST: '127.0.0.1', PORT: '0' });
const logger = createPinoLogger('silent');
const memory = new InMemoryStorage();

// Use cases without HTTP: import two of the bundled demo dumps into memory, read a release, make a user and a list.
const spindle = await openSpindle(config, logger, { memory });
try {
  console.log(`storage: ${spindle.storage}, database: ${spindle.db === undefined ? 'none' : 'open'}`);
  const importDump = spindle.container.get(CATALOGUE.ImportDump);
  for (const kind of ['artists', 'releases']) {
    const summary: ImportSummary = await importDump.execute({ source: demoDataFile(`discogs_20200806_${kind}.xml.gz`) });
    console.log(`imported ${summary.records} ${summary.kind}`);
  }
  const release: ReleaseView = await spindle.container.get(CATALOGUE.GetRelease).execute({ releaseId: 1, textFormat: 'plaintext' });
  console.log(`release 1: ${release.template.includes('"Stockholm"') ? 'Stockholm' : 'title missing'}`);
  try {
    await spindle.container.get(CATALOGUE.GetRelease).execute({ releaseId: 999_999_999, textFormat: 'plaintext' });
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
    console.log(`unknown release: ${err.message}`);
  }
  const user = await spindle.container.get(IDENTITY.CreateUser).execute({ username: 'embedder', email: 'embedder@example.org', password: 'a long secret' });
  const caller = { kind: 'user', userId: String(user.id), username: 'embedder', via: 'token' } as const;
  const list = await spindle.container.get(LISTS.CreateList).execute({ caller, body: () => ({ name: 'Kept in memory', description: '', isPublic: true }), textFormat: 'plaintext' });
  console.log(`list ${list.name}: public ${list.isPublic}`);
  try {
    await spindle.container.get(LISTS.CreateList).execute({ caller, body: () => ({ name: ' ', description: '', isPublic: false }), textFormat: 'plaintext' });
  } catch (err) {
    if (!(err instanceof Refusal) || err.kind !== 'invalid') throw err;
    console.log(`a nameless list: ${err.message}`);
  }
} finally {
  await spindle.close(); // the storage stays: it was given, so it is the program's
}

// The HTTP server on the same storage: what the use cases stored, it serves.
const server = await startServer(config, logger, { demo: false, memory });
try {
  const headers = { 'User-Agent': 'EmbeddingTest/1.0' };
  const res = await fetch(`${server.url}/releases/1`, { headers });
  console.log(`GET /releases/1: ${res.status} ${((await res.json()) as { title: string }).title}`);
  const lists = await fetch(`${server.url}/s/embedder/lists`, { headers });
  console.log(`GET /s/embedder/lists: ${lists.status} ${((await lists.json()) as { lists: { name: string }[] }).lists.map((l) => l.name).join(', ')}`);
} finally {
  await server.stop();
}

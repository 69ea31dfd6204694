// An embedding program as a user of the installed package writes it: on the embedded database (PGlite) in the data
// folder given as its argument. Compiled with tsc (NodeNext) against the package's declarations, then run.
import { CATALOGUE, createPinoLogger, demoDataFile, loadConfig, openSpindle, startServer } from 'spindle';
import { NotFound } from 'spindle/application';
import type { ArtistView, ImportSummary } from 'spindle/application/catalogue';
import { SetCurrencyRates } from 'spindle/application/marketplace';
import type { Clock } from 'spindle/application/ports';
import { FixedClock, InMemoryCurrencyRateRepository, InMemoryUnitOfWork } from 'spindle/adapters/in-memory';
import { Money } from 'spindle/domain/marketplace';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node embedded.js DATA_DIR');
const config = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' });
const logger = createPinoLogger('silent');

// Use cases without HTTP: import two of the bundled demo dumps, read an artist and a release.
const spindle = await openSpindle(config, logger);
try {
  const importDump = spindle.container.get(CATALOGUE.ImportDump);
  for (const kind of ['artists', 'releases']) {
    const summary: ImportSummary = await importDump.execute({ source: demoDataFile(`discogs_20200806_${kind}.xml.gz`) });
    console.log(`imported ${summary.records} ${summary.kind}`);
  }
  const artist: ArtistView = await spindle.container.get(CATALOGUE.GetArtist).execute({ artistId: 1, textFormat: 'plaintext' });
  console.log(`artist 1: ${artist.artist.name}`);
  const getRelease = spindle.container.get(CATALOGUE.GetRelease);
  const release = await getRelease.execute({ releaseId: 1, currency: 'EUR', textFormat: 'plaintext' });
  console.log(`release 1 in ${release.currency}, ${release.template.includes('"Stockholm"') ? 'Stockholm' : 'title missing'}`);
  try {
    await getRelease.execute({ releaseId: 999_999_999, textFormat: 'plaintext' });
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
    console.log(`unknown release: ${err.message}`);
  }
} finally {
  await spindle.close();
}

// A use case on the in-memory adapters and a domain value object, with no database at all.
const clock: Clock = new FixedClock('2026-11-22T12:00:00Z');
const uow = new InMemoryUnitOfWork();
const rates = new InMemoryCurrencyRateRepository(uow);
await new SetCurrencyRates(rates, uow, clock).execute({ entries: [{ currency: 'EUR', rate: '0.9231' }, { currency: 'JPY', rate: '151.42' }], source: 'mine' });
const table = await rates.current();
if (!table) throw new Error('no rate table');
console.log(`19.99 EUR is ${Money.fromDecimal('19.99', 'EUR').convertTo('JPY', table.rates).toDecimalString()} JPY`);

// The HTTP server once, on the same data folder (the embedded database is closed above: one process at a time).
const server = await startServer(config, logger, { demo: false });
try {
  const headers = { 'User-Agent': 'EmbeddingTest/1.0' };
  const res = await fetch(`${server.url}/releases/1`, { headers });
  const body = (await res.json()) as { title: string };
  console.log(`GET /releases/1: ${res.status} ${body.title}`);
  const docs = await fetch(`${server.url}/openapi.yaml`, { headers });
  console.log(`GET /openapi.yaml: ${docs.status} ${(await docs.text()).startsWith('openapi:') ? 'an OpenAPI document' : 'something else'}`);
} finally {
  await server.stop();
}

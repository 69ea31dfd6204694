import { XmlDumpReader } from '../adapters/catalogue/dump/xml-dump-reader.js';
import { releaseTemplate } from '../application/catalogue/release-document.js';
import type { Release } from '../domain/catalogue/release.js';
import { demo } from '../test/support/dump-fixtures.js';

/** The templates (UTF-8) of the 1,000 sample releases (composition/demo-data), in the dump's order. */
export async function sampleTemplates(): Promise<Buffer[]> {
  const dump = await new XmlDumpReader({ batchSize: 100 }).open(demo('releases'));
  const out: Buffer[] = [];
  try {
    for await (const batch of dump.batches()) for (const r of batch.records as Release[]) out.push(Buffer.from(releaseTemplate(r)));
  } finally {
    await dump.close();
  }
  return out;
}

import path from 'node:path';
import { XmlDumpReader } from '../../adapters/catalogue/dump/xml-dump-reader.js';
import { catalogueWriterFor } from '../../adapters/persistence/catalogue/catalogue-writer-for.js';
import { SystemClock } from '../../adapters/system/system-clock.js';
import { ImportDump } from '../../application/catalogue/import-dump.js';
import type { SpindleCommands } from '../spindle-module.js';
import { importFiles } from './catalogue-import.js';

const progress = (): 'bar' | 'line' => (process.stdout.isTTY ? 'bar' : 'line');

/**
 * `spindle import FILES…`. It opens the database alone (the modules' schema files, not the modules), so the import's
 * process holds the catalogue's import path and nothing of the HTTP side: the use case is made here as the module
 * binds it (`XmlDumpReader`, the database's bulk writer, the system clock).
 */
export const catalogueCommands: SpindleCommands = {
  module: 'catalogue',
  register(program, context) {
    program
      .command('import')
      .description('import Discogs XML data dumps (.xml or .xml.gz; artists, labels, masters, releases)')
      .argument('<files...>', 'dump files, imported in the order given')
      .option('--force', 'import a dump older than the newest of its kind already imported (its records replace newer ones)')
      .action(async (files: string[], opts: { force?: boolean }) => {
        await context.withDatabase((db) =>
          importFiles(new ImportDump(new XmlDumpReader(), catalogueWriterFor(db), new SystemClock()), files.map((f) => path.resolve(f)), {
            progress: progress(),
            force: opts.force === true,
            log: (line) => console.log(line),
          }),
        );
      });
  },
};

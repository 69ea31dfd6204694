import path from 'node:path';
import { XmlDumpReader, defaultDumpWorkers } from '../../adapters/catalogue/dump/xml-dump-reader.js';
import { InvalidArgumentError } from 'commander';
import { catalogueWriterFor } from '../../adapters/persistence/catalogue/catalogue-writer-for.js';
import { CHECKPOINT_RECORDS } from '../../adapters/persistence/catalogue/sql-catalogue-write-session.js';
import { SystemClock } from '../../adapters/system/system-clock.js';
import { ImportDump } from '../../application/catalogue/import-dump.js';
import type { SpindleCommands } from '../spindle-module.js';
import { importFiles } from './catalogue-import.js';

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
      .option(
        '--restart',
        'import each file from its start, even when an import of it stopped part-way (its checkpoint is dropped) or it is the last file of its kind imported',
      )
      .option(
        '--checkpoint-every <records>',
        `commit a checkpoint at the first block of 16,384 ids after this many records (0: each file in one transaction)`,
        (value: string) => {
          if (!/^\d+$/.test(value)) throw new InvalidArgumentError('a whole number of records, 0 or more');
          return Number(value);
        },
        CHECKPOINT_RECORDS,
      )
      .option(
        '--workers <threads>',
        `worker threads that parse and encode the records (0: parse on the importing thread; default ${defaultDumpWorkers()} here: two, or more on machines with more than 3 cores)`,
        (value: string) => {
          if (!/^\d+$/.test(value) || Number(value) > 64) throw new InvalidArgumentError('a whole number of threads, 0 to 64');
          return Number(value);
        },
      )
      .action(async (files: string[], opts: { force?: boolean; restart?: boolean; checkpointEvery: number; workers?: number }) => {
        await context.withDatabase((db) =>
          importFiles(
            new ImportDump(new XmlDumpReader(opts.workers !== undefined ? { workers: opts.workers } : {}), catalogueWriterFor(db, { checkpointRecords: opts.checkpointEvery }), new SystemClock()),
            files.map((f) => path.resolve(context.io.cwd, f)),
            { progress: context.io.stdout.isTTY ? 'bar' : 'line', force: opts.force === true, restart: opts.restart === true, skipImported: true, log: context.print },
          ),
        );
      });
  },
};

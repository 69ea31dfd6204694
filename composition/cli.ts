#!/usr/bin/env node
import 'reflect-metadata';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { DataFolderLocked, Database } from '../adapters/persistence/database.js';
import { ApplicationError } from '../application/errors.js';
import { runImport, seedDemoData } from './commands/import.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseLocation } from './database-location.js';
import { startServer } from './server.js';

/** Runs a command against an open, migrated database, closing it whatever happens. */
async function withDatabase<T>(config: Config, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await Database.open(databaseLocation(config));
  try {
    await db.migrate();
    return await work(db);
  } finally {
    await db.close();
  }
}

function port(value: string): string {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('expected a port number');
  return value;
}

const program = new Command('spindle')
  .description('A Discogs-compatible music database and marketplace API')
  .showHelpAfterError();

program
  .command('serve')
  .description('serve the HTTP API (migrates the database first)')
  .option('--demo', 'import the bundled demo data when the catalogue is empty')
  .option('-p, --port <port>', 'port to listen on (overrides PORT)', port)
  .action(async (opts: { demo?: boolean; port?: string }) => {
    const config = loadConfig(opts.port ? { ...process.env, PORT: opts.port } : process.env);
    const logger = createPinoLogger(config.logLevel);
    const server = await startServer(config, logger, { demo: Boolean(opts.demo) });
    let signals = 0;
    const stop = (signal: string) => {
      signals += 1;
      if (signals > 1) process.exit(130);
      logger.info({ signal }, 'signal received');
      server.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });

program
  .command('migrate')
  .description('apply pending database migrations')
  .action(async () => {
    const config = loadConfig();
    const db = await Database.open(databaseLocation(config));
    try {
      const applied = await db.migrate();
      console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
    } finally {
      await db.close();
    }
  });

program
  .command('import')
  .description('import Discogs XML data dumps (.xml or .xml.gz; artists, labels, masters, releases)')
  .argument('<files...>', 'dump files, imported in the order given')
  .action(async (files: string[]) => {
    const config = loadConfig();
    await withDatabase(config, (db) =>
      runImport(db, files.map((f) => path.resolve(f)), {
        progress: process.stdout.isTTY ? 'bar' : 'line',
        log: (line) => console.log(line),
      }),
    );
  });

program
  .command('seed')
  .description('import the bundled demo data (1,000 records of each kind) when the catalogue is empty')
  .action(async () => {
    const config = loadConfig();
    const seeded = await withDatabase(config, (db) =>
      seedDemoData(db, { progress: process.stdout.isTTY ? 'bar' : 'line', log: (line) => console.log(line) }),
    );
    console.log(seeded ? 'Demo data imported.' : 'The catalogue is not empty; nothing imported.');
  });

program
  .command('migration:create')
  .description('(development) write a migration for the difference between the entities and the schema')
  .argument('[name]', 'a short name for the migration')
  .action(async (name: string | undefined) => {
    const db = await Database.open({ kind: 'memory' });
    try {
      await db.migrate();
      const result = await db.orm.getMigrator().createMigration(undefined, false, false, name);
      console.log(result.fileName ? `Wrote ${result.fileName}; add it to adapters/persistence/migrations/index.ts` : 'No changes.');
    } finally {
      await db.close();
    }
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataFolderLocked || err instanceof ApplicationError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});

#!/bin/sh
//usr/bin/env true; export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-262144}"; case "$1" in import) exec node --max-semi-space-size=4 --heap-growing-percent=20 "$0" "$@";; esac; exec node "$0" "$@"
// (The line above is for sh, which runs this file when it is started as `spindle`; for JavaScript it is a comment. It
// fixes glibc's mmap threshold at 256 KiB, unless already set, then runs the file with node; `spindle import` with a
// young generation of 4 MB semi-spaces on the main thread (V8's default grows to 16 MB: about 20 MB more of the
// import's peak; the server keeps the default, which serves faster) and each thread's old generation let grow by a
// fifth past what a full collection left, where V8 picks up to four times by its own measure (about 25 MB less at the
// same speed). See docs/adr/0004-dump-import.md, "Later: memory of issue 6's last sessions" and "Later: reused read
// buffers, a tighter old generation, the import without the HTTP side". Any POSIX shell runs it, so `npx spindle`
// works on every Unix; `node dist/composition/cli.js` runs the same program without these settings.)
import 'reflect-metadata';
import cluster from 'node:cluster';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { DataFolderLocked, Database } from '../adapters/persistence/database.js';
import { ApplicationError } from '../application/errors.js';
import { Refusal } from '../domain/shared/refusal.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { discoverCommands, discoverModules, schemaOf } from './modules.js';
import { startupErrorMessage, StartupFailed } from './startup-errors.js';
import type { CommandContext } from './spindle-module.js';
import { openMigratedDatabase, openSpindle } from './spindle.js';

function port(value: string): string {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('expected a port number');
  return value;
}

/** Commands log to stderr, so that what they print on stdout stays data a script can read. */
const commandLogger = (config: Config) => createPinoLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);

/**
 * The configuration of a command that reads or changes what is stored: every command but `serve`. STORAGE=memory keeps
 * nothing beyond the process, so such a command would change what no one sees; it is refused, naming the way out.
 */
function storedConfig(): Config {
  const config = loadConfig();
  if (config.storage === 'memory') {
    throw new ConfigError(['STORAGE=memory keeps nothing beyond one process: only `spindle serve` runs in memory; this command needs STORAGE=sql']);
  }
  return config;
}

const context: CommandContext = {
  config: () => loadConfig(),
  async withContainer(work) {
    const config = storedConfig();
    const spindle = await openSpindle(config, commandLogger(config));
    try {
      return await work(spindle.container);
    } finally {
      await spindle.close();
    }
  },
  async withDatabase(work) {
    const config = storedConfig();
    const db = await openMigratedDatabase(config, commandLogger(config));
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  },
};

/**
 * The program: its own commands and the modules' (their `<name>-commands` files). A command loads what it needs when
 * it runs: `serve` and the commands that use the container load every module, `import` and `migrate` only the
 * modules' schema files.
 */
async function main(argv: string[]): Promise<void> {
  const commands = await discoverCommands();
  const program = new Command('spindle')
    .description('A Discogs-compatible music database and marketplace API')
    .showHelpAfterError();

  program
    .command('serve')
    .description('serve the HTTP API (migrates the database first)')
    .option('--demo', "put every module's demo data in place where it has none yet")
    .option('-p, --port <port>', 'port to listen on (overrides PORT)', port)
    .action(async (opts: { demo?: boolean; port?: string }) => {
      const config = loadConfig(opts.port ? { ...process.env, PORT: opts.port } : process.env);
      const logger = createPinoLogger(config.logLevel);
      const { startServer } = await import('./server.js');
      const { startClusterPrimary, startClusterWorker } = await import('./cluster.js');
      const server =
        config.webConcurrency <= 1
          ? await startServer(config, logger, { demo: Boolean(opts.demo) })
          : cluster.isPrimary
            ? await startClusterPrimary(config, logger, { demo: Boolean(opts.demo) })
            : await startClusterWorker(config, logger.child({ worker: cluster.worker?.id })).catch(() => process.exit(1));
      let signals = 0;
      const stop = (signal: string) => {
        signals += 1;
        // A second signal ends the process at once; a worker, which gets the terminal's signal and then its
        // primary's, leaves that to the primary.
        if (signals > 1) {
          if (cluster.isWorker) return;
          process.exit(130);
        }
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
      const config = storedConfig();
      const db = await openMigratedDatabase(config, createPinoLogger('silent'));
      try {
        console.log('The database is up to date.');
      } finally {
        await db.close();
      }
    });

  program
    .command('seed')
    .description("put every module's demo data in place where it has none yet (the catalogue: 1,000 records of each kind)")
    .action(async () => {
      const config = storedConfig();
      const spindle = await openSpindle(config, commandLogger(config));
      try {
        await spindle.seedDemo((line) => console.log(line));
      } finally {
        await spindle.close();
      }
    });

  program
    .command('migration:create')
    .description("(development) write a migration for the difference between the entities and the schema into a module's folder")
    .requiredOption('--module <name>', 'the module whose migrations folder gets the file (adapters/persistence/<name>/migrations)')
    .argument('[name]', 'a short name for the migration')
    .action(async (name: string | undefined, opts: { module: string }) => {
      const modules = await discoverModules();
      if (!modules.some((m) => m.name === opts.module)) {
        throw new InvalidArgumentError(`no module named ${opts.module} (modules: ${modules.map((m) => m.name).join(', ')})`);
      }
      const folder = path.resolve('adapters/persistence', opts.module, 'migrations');
      const db = await Database.open({ kind: 'memory' }, schemaOf(modules));
      try {
        await db.migrate();
        const result = await db.orm.getMigrator().createMigration(folder, false, false, name);
        console.log(result.fileName ? `Wrote ${folder}/${result.fileName}; list it in that folder's index.ts` : 'No changes.');
      } finally {
        await db.close();
      }
    });

  for (const c of commands) c.register(program, context);
  await program.parseAsync(argv);
}

main(process.argv).catch((err: unknown) => {
  if (err instanceof StartupFailed) {
    console.error(err.message);
    process.exit(1);
  }
  if (err instanceof ConfigError || err instanceof DataFolderLocked || err instanceof ApplicationError || err instanceof Refusal) {
    console.error(err.message);
    process.exit(2);
  }
  const line = startupErrorMessage(err, { databaseUrl: process.env.DATABASE_URL?.trim() || undefined });
  if (line !== undefined) {
    console.error(line);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});

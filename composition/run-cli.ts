import cluster from 'node:cluster';
import path from 'node:path';
import { inspect } from 'node:util';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { DataFolderLocked, Database } from '../adapters/persistence/database.js';
import { ApplicationError } from '../application/errors.js';
import { Refusal } from '../domain/shared/refusal.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { discoverCommands, discoverModules, schemaOf } from './modules.js';
import { startupErrorMessage, StartupFailed } from './startup-errors.js';
import type { CommandContext, CommandIo } from './spindle-module.js';
import { openMigratedDatabase, openSpindle } from './spindle.js';

export type { CommandIo } from './spindle-module.js';

function port(value: string): string {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('expected a port number');
  return value;
}

/** Commands log to stderr, so that what they print on stdout stays data a script can read. */
const commandLogger = (config: Config, io: CommandIo) => createPinoLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, io.stderr);

/**
 * The configuration of a command that reads or changes what is stored: every command but `serve`. STORAGE=memory keeps
 * nothing beyond the process, so such a command would change what no one sees; it is refused, naming the way out.
 */
function storedConfig(io: CommandIo): Config {
  const config = loadConfig(io.env, io.cwd);
  if (config.storage === 'memory') {
    throw new ConfigError(['STORAGE=memory keeps nothing beyond one process: only `spindle serve` runs in memory; this command needs STORAGE=sql']);
  }
  return config;
}

/** The context of every command: the configuration and the storage read from `io`, and its output written there. */
function commandContext(io: CommandIo): CommandContext {
  return {
    io,
    print: (line) => void io.stdout.write(`${line}\n`),
    config: () => loadConfig(io.env, io.cwd),
    async withContainer(work) {
      const config = storedConfig(io);
      const spindle = await openSpindle(config, commandLogger(config, io));
      try {
        return await work(spindle.container);
      } finally {
        await spindle.close();
      }
    },
    async withDatabase(work) {
      const config = storedConfig(io);
      const db = await openMigratedDatabase(config, commandLogger(config, io));
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
  };
}

/**
 * The `spindle` program: its own commands and the modules' (their `<name>-commands` files), run on `argv` (node's
 * form: the first two entries are the program's) with `io` in place of the process's environment, working folder and
 * standard streams. Resolves to the exit status, which it leaves to the caller to use: `composition/cli.ts` runs it
 * with the real process, the command tests run it in-process. A command loads what it needs when it runs: `serve` and
 * the commands that use the container load every module, `import` and `migrate` only the modules' schema files.
 * `serve` and `worker` resolve once they are running and live on with the process (its signals end them).
 */
export async function runCli(argv: readonly string[], io: CommandIo): Promise<number> {
  // Commander's own refusals (an unknown option, a missing argument), already written to `io.stderr`.
  const reported = new WeakSet<CommanderError>();
  try {
    await (await program(io, reported)).parseAsync([...argv]);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError && reported.has(err)) return err.exitCode;
    const line = (text: string) => void io.stderr.write(`${text}\n`);
    if (err instanceof StartupFailed) {
      line(err.message);
      return 1;
    }
    if (err instanceof ConfigError || err instanceof DataFolderLocked || err instanceof ApplicationError || err instanceof Refusal) {
      line(err.message);
      return 2;
    }
    const startup = startupErrorMessage(err, { databaseUrl: io.env.DATABASE_URL?.trim() || undefined });
    line(startup ?? inspect(err));
    return 1;
  }
}

async function program(io: CommandIo, reported: WeakSet<CommanderError>): Promise<Command> {
  const context = commandContext(io);
  const commands = await discoverCommands();
  // Set before any command is added: each sub-command takes these over from its parent.
  const program = new Command('spindle')
    .description('A Discogs-compatible music database and marketplace API')
    .showHelpAfterError()
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .exitOverride((err) => {
      reported.add(err);
      throw err;
    });

  program
    .command('serve')
    .description('serve the HTTP API (migrates the database first)')
    .option('--demo', "put every module's demo data in place where it has none yet")
    .option('-p, --port <port>', 'port to listen on (overrides PORT)', port)
    .action(async (opts: { demo?: boolean; port?: string }) => {
      const config = loadConfig(opts.port ? { ...io.env, PORT: opts.port } : io.env, io.cwd);
      const logger = createPinoLogger(config.logLevel, io.stdout);
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
      const db = await openMigratedDatabase(storedConfig(io), createPinoLogger('silent'));
      try {
        context.print('The database is up to date.');
      } finally {
        await db.close();
      }
    });

  program
    .command('seed')
    .description("put every module's demo data in place where it has none yet (the catalogue: 1,000 records of each kind)")
    .action(async () => {
      const config = storedConfig(io);
      const spindle = await openSpindle(config, commandLogger(config, io));
      try {
        await spindle.seedDemo(context.print);
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
      const folder = path.resolve(io.cwd, 'adapters/persistence', opts.module, 'migrations');
      const db = await Database.open({ kind: 'memory' }, schemaOf(modules));
      try {
        await db.migrate();
        const result = await db.orm.getMigrator().createMigration(folder, false, false, name);
        context.print(result.fileName ? `Wrote ${folder}/${result.fileName}; list it in that folder's index.ts` : 'No changes.');
      } finally {
        await db.close();
      }
    });

  for (const c of commands) c.register(program, context);
  return program;
}

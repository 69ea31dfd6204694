import type { SpindleCommands } from '../spindle-module.js';
import { JOBS } from './jobs-tokens.js';

/** `spindle worker`: runs the background jobs without serving HTTP. */
export const jobsCommands: SpindleCommands = {
  module: 'jobs',
  register(program, context) {
    program
      .command('worker')
      .description('run background jobs (inventory exports and uploads…) without serving HTTP, until stopped')
      .action(async () => {
        await context.withContainer(async (container) => {
          const worker = container.get(JOBS.Worker);
          if (worker.kinds.length === 0) {
            console.error('No module has any kind of job to run.');
            return;
          }
          worker.start();
          console.error(`Running jobs of kinds ${worker.kinds.join(', ')}; stop with Ctrl-C (the job in hand is finished first).`);
          await new Promise<void>((resolve) => {
            const stop = () => void worker.stop().then(resolve);
            process.once('SIGINT', stop);
            process.once('SIGTERM', stop);
          });
        });
      });
  },
};

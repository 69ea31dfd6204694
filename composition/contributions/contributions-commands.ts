import { Invalid } from '../../application/errors.js';
import { CONTRIBUTION_COMMENT_MAX_LENGTH } from '../../domain/contributions/contribution.js';
import type { SpindleCommands } from '../spindle-module.js';
import { CONTRIBUTIONS } from './contributions-tokens.js';

/** `spindle contribution add`: records an edit or a submission in the catalogue's history. */
export const contributionsCommands: SpindleCommands = {
  module: 'contributions',
  register(program, context) {
    const contribution = program.command('contribution').description("the catalogue's edit history: who submitted or edited which record");
    contribution
      .command('add')
      .description('record that a user edited a catalogue record, or with --submitted that the user created it')
      .argument('<user>', 'login name')
      .argument('<kind>', 'artist, label, master or release')
      .argument('<id>', "the record's catalogue id")
      .option('--submitted', 'the user created the record (a record has one submitter); without it, an edit')
      .option('--comment <text>', `what was done (at most ${CONTRIBUTION_COMMENT_MAX_LENGTH} characters)`)
      .option('--at <time>', 'when it happened, e.g. 2024-05-01T12:00:00Z (now when left out)')
      .action(async (user: string, kind: string, id: string, opts: { submitted?: boolean; comment?: string; at?: string }) => {
        if (!/^\d{1,10}$/.test(id)) throw new Invalid(`The catalogue id must be a whole number, got ${JSON.stringify(id)}.`);
        const at = opts.at === undefined ? undefined : new Date(opts.at);
        if (at !== undefined && Number.isNaN(at.getTime())) {
          throw new Invalid(`--at must be a time such as 2024-05-01T12:00:00Z, got ${JSON.stringify(opts.at)}.`);
        }
        await context.withContainer(async (container) => {
          const entry = await container.get(CONTRIBUTIONS.RecordContribution).execute({
            user,
            kind: kind.toLowerCase(),
            catalogueId: Number(id),
            action: opts.submitted ? 'submitted' : 'edited',
            comment: opts.comment,
            at,
          });
          context.print(`Recorded: ${user} ${entry.action} ${entry.kind} ${entry.catalogueId} at ${entry.at.toISOString()}.`);
        });
      });
  },
};

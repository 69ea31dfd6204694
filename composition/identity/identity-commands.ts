import { Invalid, NotFound } from '../../application/errors.js';
import type { Container } from 'inversify';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { CommandIo, SpindleCommands } from '../spindle-module.js';
import { IDENTITY } from './identity-tokens.js';

/**
 * `spindle user add|delete`, `spindle app add|list|rotate|delete`, `spindle token create|list|revoke`. The commands that
 * write on a user's behalf act for them (the deletion guard, ADR 0060), as the HTTP middleware and the job worker do.
 */
export const identityCommands: SpindleCommands = {
  module: 'identity',
  register(program, context) {
    /** The user's id for a command naming them (`NotFound` with the name otherwise). */
    const userId = async (container: Container, name: string): Promise<number> => {
      const found = await container.get(IDENTITY.UserRepository).byLoginName(name);
      if (!found) throw new NotFound(`There is no user ${JSON.stringify(name)}.`);
      return found.id;
    };
    /**
     * Runs `work` acting for the user named: its unit of work holds their account, so it commits before a deletion
     * erases or is refused (`ACCOUNT_DELETED`), and never leaves a credential that resolves to no one.
     */
    const actingFor = async <T>(container: Container, name: string, work: (userId: number) => Promise<T>): Promise<T> => {
      const id = await userId(container, name);
      return container.get(PERSISTENCE.AccountGuard).actingFor(id, () => work(id));
    };
    const user = program.command('user').description('user accounts');
    user
      .command('add')
      .description('create a user account (the password from --password, or else read from standard input)')
      .argument('<name>', 'login name: 2 to 40 letters, digits, ".", "_" or "-"')
      .requiredOption('--email <email>', 'email address')
      .option('--password <password>', 'password (at least 8 characters); leave out to read it from standard input')
      .option('--real-name <name>', 'real name')
      .action(async (name: string, opts: { email: string; password?: string; realName?: string }) => {
        const password = opts.password ?? (await readStandardInput(context.io)).replace(/\r?\n$/, '');
        await context.withContainer(async (container) => {
          const created = await container
            .get(IDENTITY.CreateUser)
            .execute({ username: name, email: opts.email, password, realName: opts.realName });
          context.print(`Created user ${created.username} (id ${created.id}).`);
        });
      });

    user
      .command('delete')
      .description(
        'delete a user account (ADR 0060): refused while an order of theirs is under way; their own data goes, ' +
          'finished orders stay for the other party and the name stays reserved',
      )
      .argument('<name>', 'login name')
      .option('--yes', 'confirm the deletion (it cannot be undone)')
      .action(async (name: string, opts: { yes?: boolean }) => {
        if (!opts.yes) throw new Invalid(`Deleting ${name} cannot be undone: add --yes to confirm.`);
        await context.withContainer(async (container) => {
          const deleted = await container.get(IDENTITY.DeleteAccount).execute({ userId: await userId(container, name), password: null, confirmed: true });
          context.print(`Deleted user ${deleted}.`);
        });
      });

    const app = program.command('app').description('registered applications (API consumers)');
    app
      .command('add')
      .description('register an application; prints consumer_key=… and consumer_secret=…, one per line')
      .argument('<name>', 'the application name users see when asked to approve it')
      .requiredOption('--owner <user>', 'the login name of the user who owns it')
      .option('--callback <url>', 'the OAuth callback URL (its origin is the only one redirects may go to)')
      .action(async (name: string, opts: { owner: string; callback?: string }) => {
        await context.withContainer(async (container) => {
          const registered = await actingFor(container, opts.owner, () =>
            container.get(IDENTITY.RegisterApplication).execute({ name, owner: opts.owner, callbackUrl: opts.callback }),
          );
          context.print(`consumer_key=${registered.consumerKey}`);
          context.print(`consumer_secret=${registered.consumerSecret}`);
        });
      });

    app
      .command('list')
      .description("list a user's applications (id, name, consumer key, callback URL, registered)")
      .argument('<owner>', 'the login name of the owner')
      .action(async (owner: string) => {
        await context.withContainer(async (container) => {
          const apps = await container.get(IDENTITY.ListOwnApplications).execute({ userId: await userId(container, owner) });
          if (apps.length === 0) context.print(`${owner} has no applications.`);
          for (const a of apps) {
            context.print(`${a.id}  ${JSON.stringify(a.name)}  key ${a.consumerKey}  callback ${a.callbackUrl ?? '(none)'}  registered ${a.createdAt.toISOString()}`);
          }
        });
      });
    app
      .command('rotate')
      .description('give an application a new consumer secret (the old one stops working at once); prints consumer_key=… and consumer_secret=…')
      .argument('<owner>', 'the login name of the owner')
      .argument('<id>', 'the application id (from "spindle app list")')
      .action(async (owner: string, id: string) => {
        await context.withContainer(async (container) => {
          const rotated = await actingFor(container, owner, (userId) =>
            container.get(IDENTITY.RotateApplicationSecret).execute({ userId, applicationId: id }),
          );
          context.print(`consumer_key=${rotated.consumerKey}`);
          context.print(`consumer_secret=${rotated.consumerSecret}`);
        });
      });
    app
      .command('delete')
      .description('delete an application with every access it was given')
      .argument('<owner>', 'the login name of the owner')
      .argument('<id>', 'the application id (from "spindle app list")')
      .option('--yes', 'confirm the deletion (it cannot be undone)')
      .action(async (owner: string, id: string, opts: { yes?: boolean }) => {
        if (!opts.yes) throw new Invalid(`Deleting application ${id} cannot be undone: add --yes to confirm.`);
        await context.withContainer(async (container) => {
          const name = await actingFor(container, owner, (userId) =>
            container.get(IDENTITY.DeleteApplication).execute({ userId, applicationId: id }),
          );
          context.print(`Deleted application ${JSON.stringify(name)} of ${owner}.`);
        });
      });

    const token = program.command('token').description('personal access tokens');
    token
      .command('create')
      .description('generate a personal access token for a user; prints only the token (shown this once)')
      .argument('<user>', 'login name')
      .option('--label <label>', 'what the token is for (its consumer_name)')
      .action(async (userName: string, opts: { label?: string }) => {
        await context.withContainer(async (container) => {
          const created = await actingFor(container, userName, () =>
            container.get(IDENTITY.CreatePersonalToken).execute({ user: userName, label: opts.label }),
          );
          context.print(created.token);
        });
      });
    token
      .command('list')
      .description("list a user's personal tokens (id, label, created, last characters, revoked)")
      .argument('<user>', 'login name')
      .action(async (userName: string) => {
        await context.withContainer(async (container) => {
          const tokens = await container.get(IDENTITY.ListPersonalTokens).execute({ user: userName });
          if (tokens.length === 0) context.print(`${userName} has no personal tokens.`);
          for (const t of tokens) {
            const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'active';
            context.print(`${t.id}  ${JSON.stringify(t.label)}  created ${t.createdAt.toISOString()}  …${t.lastCharacters}  ${state}`);
          }
        });
      });
    token
      .command('revoke')
      .description('revoke one of a user\'s personal tokens (ids from "spindle token list")')
      .argument('<user>', 'login name')
      .argument('<id>', 'the token id')
      .action(async (userName: string, id: string) => {
        await context.withContainer(async (container) => {
          const revoked = await actingFor(container, userName, () =>
            container.get(IDENTITY.RevokePersonalToken).execute({ user: userName, tokenId: id }),
          );
          context.print(`Revoked ${JSON.stringify(revoked.label)} (…${revoked.lastCharacters}) of ${userName}.`);
        });
      });
  },
};

async function readStandardInput(io: CommandIo): Promise<string> {
  if (io.stdin.isTTY) io.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

import type { Command } from 'commander';
import type { ContainerModuleLoadOptions } from 'inversify';
import { SellerSettingsPage } from '../../adapters/http/marketplace/seller-settings-page.js';
import { GetSellerSettings, type SellerSettingsField, type SellerSettingsView } from '../../application/marketplace/get-seller-settings.js';
import { SetSellerSettings } from '../../application/marketplace/set-seller-settings.js';
import { CURRENCIES } from '../../domain/marketplace/currency.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { CommandContext, Runtime } from '../spindle-module.js';
import { MARKETPLACE } from './marketplace-tokens.js';
import { SELLERS } from './seller-tokens.js';

/** Binds sellers' settings: the use cases and the `/settings/seller` web page. */
export function bindSellers(bind: ContainerModuleLoadOptions['bind'], runtime: Runtime): void {
  const { config } = runtime;
  bind(SELLERS.GetSellerSettings)
    .toResolvedValue((users, sellers, uow) => new GetSellerSettings(users, sellers, uow), [
      IDENTITY.UserRepository,
      MARKETPLACE.SellerRepository,
      PERSISTENCE.UnitOfWork,
    ])
    .inSingletonScope();
  bind(SELLERS.SetSellerSettings)
    .toResolvedValue((users, sellers, uow, clock) => new SetSellerSettings(users, sellers, uow, clock), [
      IDENTITY.UserRepository,
      MARKETPLACE.SellerRepository,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
    ])
    .inSingletonScope();
  bind(HTTP.Routes)
    .toResolvedValue(
      (get, set, sessions, secrets, urls) =>
        new SellerSettingsPage(get, set, { sessions, secrets }, urls, { webUrl: config.webUrl, site: config.brand }),
      [SELLERS.GetSellerSettings, SELLERS.SetSellerSettings, IDENTITY.WebSessions, IDENTITY.SecretGenerator, HTTP.ApiUrls],
    )
    .inSingletonScope();
}

const LABELS: Readonly<Record<SellerSettingsField, string>> = { currency: 'currency', payment: 'payment terms', shipping: 'shipping terms' };

/** "alice is a seller …" or what is still missing. */
function standing(view: SellerSettingsView): string {
  return view.complete
    ? `${view.username} is a seller (both terms written).`
    : `${view.username} is not a seller yet: both payment and shipping terms are needed.`;
}

/** The current settings, one line each; terms as JSON strings so that each stays on its line. */
export function describeSellerSettings(view: SellerSettingsView): string[] {
  return [
    standing(view),
    `currency: ${view.currency}`,
    `payment terms: ${JSON.stringify(view.paymentTerms)}`,
    `shipping terms: ${JSON.stringify(view.shippingTerms)}`,
  ];
}

/** `spindle seller NAME [--currency C] [--payment TEXT] [--shipping TEXT]`. */
export function sellerCommands(program: Command, context: CommandContext): void {
  program
    .command('seller')
    .description("show a user's seller settings (currency, payment and shipping terms), or change those given")
    .argument('<name>', 'login name')
    .option('--currency <code>', `the currency the user sells in (their profile currency): ${CURRENCIES.join(', ')}`)
    .option('--payment <text>', 'payment terms, in the markup format ("" clears them)')
    .option('--shipping <text>', 'shipping terms, in the markup format ("" clears them)')
    .action(async (name: string, opts: { currency?: string; payment?: string; shipping?: string }) => {
      await context.withContainer(async (container) => {
        if (opts.currency === undefined && opts.payment === undefined && opts.shipping === undefined) {
          const view = await container.get(SELLERS.GetSellerSettings).execute({ name, actor: 'operator' });
          for (const line of describeSellerSettings(view)) console.log(line);
          return;
        }
        const { before, after, changed } = await container.get(SELLERS.SetSellerSettings).execute({
          name,
          actor: 'operator',
          currency: opts.currency,
          paymentTerms: opts.payment,
          shippingTerms: opts.shipping,
        });
        if (changed.length === 0) {
          console.log(`Nothing changed: the seller settings of ${after.username} are as given.`);
        } else {
          const what = changed.map((f) => (f === 'currency' ? `currency ${before.currency} → ${after.currency}` : LABELS[f]));
          console.log(`Changed the seller settings of ${after.username}: ${what.join(', ')}.`);
        }
        console.log(standing(after));
      });
    });
}

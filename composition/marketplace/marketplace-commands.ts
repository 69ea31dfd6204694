import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { parseCurrencyRatesCsv } from '../../adapters/csv/csv-currency-rates-file.js';
import { Invalid, NotFound } from '../../application/errors.js';
import { SELLER_SETTINGS_LABELS as LABELS, type SellerSettingsView } from '../../application/marketplace/seller-settings.js';
import type { ReleaseMarketBlockResult } from '../../application/marketplace/market-release-block.js';
import type { CurrencyRatesChange, SetCurrencyRates } from '../../application/marketplace/set-currency-rates.js';
import { CURRENCIES } from '../../domain/marketplace/currency.js';
import { shippingRatesText, SHIPPING_REGIONS } from '../../domain/marketplace/shipping-rates.js';
import type { CommandContext, SpindleCommands } from '../spindle-module.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';
import { SELLERS } from './seller-tokens.js';

/** `spindle rates`, `spindle release-block|release-unblock`, `spindle seller`. */
export const marketplaceCommands: SpindleCommands = {
  module: 'marketplace',
  register(program, context) {
    marketFigureCommands(program, context);
    sellerCommands(program, context);
    program
      .command('rates')
      .description('load the currency rate table from a CSV file (currency,rate per US dollar), or show the current one')
      .argument('[file]', 'CSV file: lines "currency,rate", e.g. "EUR,0.9231"; replaces the whole table')
      .action(async (file: string | undefined) => {
        await context.withContainer(async (container) => {
          if (file === undefined) {
            const stored = await container.get(MARKETPLACE.GetCurrencyRates).execute();
            if (!stored) {
              context.print('No currency rates loaded yet; load them with: spindle rates FILE');
              return;
            }
            context.print(`Currency rates per US dollar, from ${stored.source}, loaded ${stored.updatedAt.toISOString()}:`);
            for (const { currency, rate } of stored.rates.entries()) context.print(`${currency},${rate}`);
            return;
          }
          const change = await loadRatesFile(container.get(MARKETPLACE.SetCurrencyRates), path.resolve(context.io.cwd, file));
          context.print(describeChange(path.basename(file), change));
        });
      });
  },
};

export async function loadRatesFile(useCase: SetCurrencyRates, file: string): Promise<CurrencyRatesChange> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Invalid(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return useCase.execute({ entries: parseCurrencyRatesCsv(text), source: path.basename(file) });
}

/** "Loaded 12 currency rates from rates.csv: 1 added (NZD), 2 changed (EUR 0.92 → 0.93, …), 0 removed." */
export function describeChange(source: string, c: CurrencyRatesChange): string {
  const list = (items: readonly string[]) => (items.length ? ` (${items.join(', ')})` : '');
  return (
    `Loaded ${c.count} currency rates from ${source}: ${c.added.length} added${list(c.added)}, ` +
    `${c.changed.length} changed${list(c.changed.map((x) => `${x.currency} ${x.from} → ${x.to}`))}, ` +
    `${c.removed.length} removed${list(c.removed)}.`
  );
}

/** `spindle release-block ID [--reason TEXT]` and `spindle release-unblock ID`. */
function marketFigureCommands(program: Command, context: CommandContext): void {
  const releaseIdOf = (text: string): number => {
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) throw new NotFound(`Release not found: "${text}" is not a release id.`);
    return Number(text);
  };
  const report = (id: number, blocked: boolean, r: ReleaseMarketBlockResult): string =>
    blocked
      ? `${r.changed ? 'Blocked' : 'Already blocked:'} release ${id} from sale; ${r.suspended} listing${r.suspended === 1 ? '' : 's'} suspended.`
      : r.changed
        ? `Unblocked release ${id}; its suspended listings stay suspended.`
        : `Release ${id} was not blocked.`;
  program
    .command('release-block')
    .description('block a release from sale: no new listings, no figures; its For Sale listings are suspended')
    .argument('<id>', 'the release id')
    .option('--reason <text>', 'why (kept with the block)')
    .action(async (id: string, opts: { reason?: string }) => {
      const releaseId = releaseIdOf(id);
      await context.withContainer(async (container) => {
        const result = await container.get(MARKET_FIGURES.ReleaseMarketBlock).execute({ releaseId, blocked: true, reason: opts.reason });
        context.print(report(releaseId, true, result));
      });
    });
  program
    .command('release-unblock')
    .description('lift the block on selling a release (suspended listings stay suspended)')
    .argument('<id>', 'the release id')
    .action(async (id: string) => {
      const releaseId = releaseIdOf(id);
      await context.withContainer(async (container) => {
        const result = await container.get(MARKET_FIGURES.ReleaseMarketBlock).execute({ releaseId, blocked: false });
        context.print(report(releaseId, false, result));
      });
    });
}

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
    `shipping price: ${view.shippingRates ? `${shippingRatesText(view.shippingRates)} (${view.shippingRates.currency})` : 'none'}`,
    `minimum order total: ${view.minOrderTotal ? view.minOrderTotal.toString() : 'none'}`,
  ];
}

/** `spindle seller NAME [--currency C] [--payment TEXT] [--shipping TEXT] [--shipping-price RATES] [--min-order-total N]`. */
function sellerCommands(program: Command, context: CommandContext): void {
  program
    .command('seller')
    .description("show a user's seller settings (currency, payment and shipping terms), or change those given")
    .argument('<name>', 'login name')
    .option('--currency <code>', `the currency the user sells in (their profile currency): ${CURRENCIES.join(', ')}`)
    .option('--payment <text>', 'payment terms, in the markup format ("" clears them)')
    .option('--shipping <text>', 'shipping terms, in the markup format ("" clears them)')
    .option(
      '--shipping-price <rates>',
      `shipping price per order in the seller's currency: one amount ("5"), or destination=amount pairs with a default ("default=15, europe=8, GB=3.50"; destinations: default, ${Object.keys(SHIPPING_REGIONS).join(', ')} or a country code); "" removes it`,
    )
    .option('--min-order-total <amount>', 'the least an order must total, in the seller\'s currency ("" or 0 removes it)')
    .action(async (name: string, opts: { currency?: string; payment?: string; shipping?: string; shippingPrice?: string; minOrderTotal?: string }) => {
      await context.withContainer(async (container) => {
        if (Object.values(opts).every((v) => v === undefined)) {
          const view = await container.get(SELLERS.GetSellerSettings).execute({ name, actor: 'operator' });
          for (const line of describeSellerSettings(view)) context.print(line);
          return;
        }
        // The options as the settings body names them, checked by the API's and the page's rules (loaded when the command
        // runs: the program registers every command, and `spindle import` must load nothing of the HTTP side).
        const { sellerSettingsChange } = await import('../../adapters/http/marketplace/seller-settings-bodies.js');
        const body = { curr_abbr: opts.currency, payment: opts.payment, shipping: opts.shipping, shipping_price: opts.shippingPrice, min_order_total: opts.minOrderTotal };
        const { before, after, changed } = await container.get(SELLERS.SetSellerSettings).execute({ name, actor: 'operator', change: () => sellerSettingsChange(body) });
        if (changed.length === 0) {
          context.print(`Nothing changed: the seller settings of ${after.username} are as given.`);
        } else {
          const what = changed.map((f) => (f === 'currency' ? `currency ${before.currency} → ${after.currency}` : LABELS[f]));
          context.print(`Changed the seller settings of ${after.username}: ${what.join(', ')}.`);
        }
        context.print(standing(after));
      });
    });
}

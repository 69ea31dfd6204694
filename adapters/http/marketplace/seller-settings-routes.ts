import type Router from '@koa/router';
import type { GetSellerSettings } from '../../../application/marketplace/get-seller-settings.js';
import type { SellerSettingsView } from '../../../application/marketplace/seller-settings.js';
import type { SetSellerSettings } from '../../../application/marketplace/set-seller-settings.js';
import { requireUserCaller } from '../../../application/shared/caller.js';
import { Money } from '../../../domain/marketplace/money.js';
import type { ShippingRates } from '../../../domain/marketplace/shipping-rates.js';
import { loginOf, timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import type { ApiSchema } from '../api-shapes.js';
import type { RouteModule } from '../route-module.js';
import { sellerSettingsChange } from './seller-settings-bodies.js';

const PATH = '/marketplace/settings';

/** The settings body: the seller's currency, terms as written (markup), shipping price by destination, minimum order. */
export function sellerSettingsBody(view: SellerSettingsView, dialect: Dialect): ApiSchema<'SellerSettings'> {
  const rates = view.shippingRates;
  return {
    ...loginOf(dialect, view.username),
    curr_abbr: view.currency,
    payment: view.paymentTerms,
    shipping: view.shippingTerms,
    shipping_price: rates ? shippingPriceBody(rates) : null,
    min_order_total: view.minOrderTotal?.toNumber() ?? 0,
    is_seller: view.complete,
    updated: view.updatedAt ? timestamp(view.updatedAt) : null,
  };
}

/**
 * The shipping prices by destination, in `currency`: `default` first (every set of rates has one: shippingRates
 * refuses rates without it), then regions and countries.
 */
function shippingPriceBody(rates: ShippingRates): NonNullable<ApiSchema<'SellerSettings'>['shipping_price']> {
  const amounts = Object.fromEntries([...rates.amounts].map(([key, minor]) => [key, Money.fromMinorUnits(minor, rates.currency).toNumber()]));
  // Sound: openapi-typescript writes the schema (`currency` a code, every other property a number) as an
  // intersection with a number index signature, which no object with a string `currency` satisfies; this object
  // is what the schema (JSON Schema: named properties win over additionalProperties) describes.
  return { currency: rates.currency, ...amounts } as NonNullable<ApiSchema<'SellerSettings'>['shipping_price']>;
}

/**
 * The calling user's seller settings through the API (`GET` and `POST /marketplace/settings`; the web page
 * `/settings/seller` and `spindle seller` change the same): 401 anonymous, 403 for an application alone. A change
 * takes `curr_abbr`, `payment`, `shipping`, `shipping_price` (an amount, `destination=amount` text, or an object of
 * destination → amount) and `min_order_total`; only the fields given change, and the settings come back (200).
 */
export class SellerSettingsRoutes implements RouteModule {
  constructor(
    private readonly getSettings: GetSellerSettings,
    private readonly setSettings: SetSellerSettings,
    private readonly dialect: Dialect,
    private readonly options: { readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    router.get(PATH, async (ctx) => {
      const caller = ctx.state.caller;
      requireUserCaller(caller);
      const name = caller.kind === 'user' ? caller.username : '';
      ctx.body = sellerSettingsBody(await this.getSettings.execute({ name, actor: caller }), this.dialect);
    });
    router.post(PATH, jsonBodyParser(this.options.maxBodyBytes), async (ctx) => {
      const caller = ctx.state.caller;
      requireUserCaller(caller);
      const name = caller.kind === 'user' ? caller.username : '';
      const change = await this.setSettings.execute({ name, actor: caller, change: () => sellerSettingsChange(requestBody(ctx)) });
      ctx.body = sellerSettingsBody(change.after, this.dialect);
    });
  }
}

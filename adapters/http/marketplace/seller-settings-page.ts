import type Router from '@koa/router';
import type Koa from 'koa';
import type { GetSellerSettings } from '../../../application/marketplace/get-seller-settings.js';
import { InvalidSellerSettingsChange } from '../../../application/marketplace/invalid-seller-settings-change.js';
import {
  SELLER_SETTINGS_LABELS as LABELS,
  type SellerSettingsField,
  type SellerSettingsView,
} from '../../../application/marketplace/seller-settings.js';
import type { SetSellerSettings } from '../../../application/marketplace/set-seller-settings.js';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import { MAX_TERMS_LENGTH } from '../../../domain/marketplace/seller.js';
import { shippingRatesText, SHIPPING_REGIONS } from '../../../domain/marketplace/shipping-rates.js';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { SETTINGS_PAGES } from '../identity/web/settings-nav.js';
import { dateInWords } from '../web-pages/page-format.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { sellerSettingsChange } from './seller-settings-bodies.js';
import { sellerSettingsTemplates } from './seller-settings-templates.js';

const PATH = '/settings/seller';
// Two terms of MAX_TERMS_LENGTH characters, each of which may take up to nine bytes once UTF-8 and percent-encoded.
const MAX_FORM_BYTES = 2 * 9 * MAX_TERMS_LENGTH + 8 * 1024;

type FormValues = Record<SellerSettingsField, string>;

/** A form's text field as the use case takes it: absent stays absent, line ends as `\n`. */
function field(form: URLSearchParams, name: SellerSettingsField): string | undefined {
  return form.get(name)?.replace(/\r\n?/g, '\n') ?? undefined;
}

/** The form's fields as the stored settings fill them. */
function formOf(view: SellerSettingsView): FormValues {
  return {
    currency: view.currency,
    payment: view.paymentTerms,
    shipping: view.shippingTerms,
    shippingPrice: shippingRatesText(view.shippingRates),
    minOrderTotal: view.minOrderTotal?.toDecimalString() ?? '',
  };
}

/**
 * The seller settings page on `{web_url}/settings/seller`, for a signed-in user: the currency they sell in (their
 * profile currency), their payment and shipping terms, which make them a seller once both are written, their
 * shipping price by destination and their minimum order total. A save
 * shows the page again with what changed; a refused one with each field's reason, the values as sent, and 422.
 */
export class SellerSettingsPage implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly getSettings: GetSellerSettings,
    private readonly setSettings: SetSellerSettings,
    deps: WebPageDeps,
    private readonly urls: ApiUrls,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, sellerSettingsTemplates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return path === PATH || path === `${PATH}/`;
  }

  private async render(
    ctx: Koa.Context,
    caller: SignedIn,
    view: SellerSettingsView,
    extra: { form?: FormValues; problems?: Partial<FormValues>; error?: string; notice?: string } = {},
    status = 200,
  ): Promise<void> {
    await this.kit.render(
      ctx,
      '@seller-settings',
      {
        title: 'Seller settings',
        user: caller.username,
        here: PATH,
        settingsPages: SETTINGS_PAGES,
        currencies: CURRENCIES,
        maxLength: MAX_TERMS_LENGTH,
        complete: view.complete,
        updatedAt: view.updatedAt ? dateInWords(view.updatedAt) : undefined,
        inventoryUrl: `${this.urls.user(caller.username)}/inventory`,
        regions: Object.keys(SHIPPING_REGIONS),
        amountsCurrency: view.shippingRates?.currency ?? view.minOrderTotal?.currency ?? view.currency,
        form: extra.form ?? formOf(view),
        problems: extra.problems ?? {},
        error: extra.error,
        notice: extra.notice,
      },
      status,
    );
  }

  private async save(ctx: Koa.Context): Promise<void> {
    const caller = await this.kit.signedIn(ctx);
    const form = await this.kit.form(ctx, MAX_FORM_BYTES);
    const given: Partial<FormValues> = {};
    for (const name of Object.keys(LABELS) as SellerSettingsField[]) given[name] = field(form, name);
    try {
      const body = {
        curr_abbr: given.currency,
        payment: given.payment,
        shipping: given.shipping,
        shipping_price: given.shippingPrice,
        min_order_total: given.minOrderTotal,
      };
      const change = await this.setSettings.execute({ name: caller.username, actor: caller, change: () => sellerSettingsChange(body) });
      const notice = change.changed.length === 0
        ? 'Nothing to change: these are your settings already.'
        : `Saved your ${change.changed.map((f) => LABELS[f]).join(', ')}.`;
      await this.render(ctx, caller, change.after, { notice });
    } catch (err) {
      if (!(err instanceof InvalidSellerSettingsChange)) throw err;
      const stored = await this.getSettings.execute({ name: caller.username, actor: caller });
      const problems: Partial<FormValues> = {};
      for (const p of err.problems) problems[p.field] = p.message;
      const form: FormValues = { ...formOf(stored) };
      for (const [name, value] of Object.entries(given)) if (value !== undefined) form[name as SellerSettingsField] = value;
      await this.render(ctx, caller, stored, { form, problems, error: 'Nothing was saved: correct the fields marked below.' }, 422);
    }
  }

  register(router: Router<SpindleState>): void {
    const back = { href: `${this.kit.settings.webUrl}${PATH}`, text: 'Seller settings' };
    router.get(PATH, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      await this.render(ctx, caller, await this.getSettings.execute({ name: caller.username, actor: caller }));
    }, back));
    router.post(PATH, this.kit.page(async (ctx) => this.save(ctx), back));
  }
}

import type Router from '@koa/router';
import type Koa from 'koa';
import type { GetSellerSettings, SellerSettingsField, SellerSettingsView } from '../../../application/marketplace/get-seller-settings.js';
import { InvalidSellerSettingsChange } from '../../../application/marketplace/get-seller-settings.js';
import type { SetSellerSettings } from '../../../application/marketplace/set-seller-settings.js';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import { MAX_TERMS_LENGTH } from '../../../domain/marketplace/seller.js';
import type { SpindleState } from '../http-state.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { sellerSettingsTemplates } from './seller-settings-templates.js';

const PATH = '/settings/seller';
// Two terms of MAX_TERMS_LENGTH characters, each of which may take up to nine bytes once UTF-8 and percent-encoded.
const MAX_FORM_BYTES = 2 * 9 * MAX_TERMS_LENGTH + 4 * 1024;

const LABELS: Readonly<Record<SellerSettingsField, string>> = { currency: 'currency', payment: 'payment terms', shipping: 'shipping terms' };

type FormValues = Record<SellerSettingsField, string>;

/** A form's text field as the use case takes it: absent stays absent, line ends as `\n`. */
function field(form: URLSearchParams, name: SellerSettingsField): string | undefined {
  return form.get(name)?.replace(/\r\n?/g, '\n') ?? undefined;
}

/**
 * The seller settings page on `{web_url}/settings/seller`, for a signed-in user: the currency they sell in (their
 * profile currency) and their payment and shipping terms, which make them a seller once both are written. A save
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

  private render(
    ctx: Koa.Context,
    caller: SignedIn,
    view: SellerSettingsView,
    extra: { form?: FormValues; problems?: Partial<FormValues>; error?: string; notice?: string } = {},
    status = 200,
  ): void {
    this.kit.render(
      ctx,
      '@seller-settings',
      {
        title: 'Seller settings',
        user: caller.username,
        currencies: CURRENCIES,
        maxLength: MAX_TERMS_LENGTH,
        complete: view.complete,
        updatedAt: view.updatedAt?.toISOString(),
        inventoryUrl: `${this.urls.user(caller.username)}/inventory`,
        form: extra.form ?? { currency: view.currency, payment: view.paymentTerms, shipping: view.shippingTerms },
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
    const given = { currency: field(form, 'currency'), payment: field(form, 'payment'), shipping: field(form, 'shipping') };
    try {
      const change = await this.setSettings.execute({
        name: caller.username,
        actor: caller,
        currency: given.currency,
        paymentTerms: given.payment,
        shippingTerms: given.shipping,
      });
      const notice = change.changed.length === 0
        ? 'Nothing to change: these are your settings already.'
        : `Saved your ${change.changed.map((f) => LABELS[f]).join(', ')}.`;
      this.render(ctx, caller, change.after, { notice });
    } catch (err) {
      if (!(err instanceof InvalidSellerSettingsChange)) throw err;
      const stored = await this.getSettings.execute({ name: caller.username, actor: caller });
      const problems: Partial<FormValues> = {};
      for (const p of err.problems) problems[p.field] = p.message;
      const form: FormValues = {
        currency: given.currency ?? stored.currency,
        payment: given.payment ?? stored.paymentTerms,
        shipping: given.shipping ?? stored.shippingTerms,
      };
      this.render(ctx, caller, stored, { form, problems, error: 'Nothing was saved: correct the fields marked below.' }, 422);
    }
  }

  register(router: Router<SpindleState>): void {
    const back = { href: `${this.kit.settings.webUrl}${PATH}`, text: 'Seller settings' };
    router.get(PATH, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      this.render(ctx, caller, await this.getSettings.execute({ name: caller.username, actor: caller }));
    }, back));
    router.post(PATH, this.kit.page(async (ctx) => this.save(ctx), back));
  }
}

import type Router from '@koa/router';
import type Koa from 'koa';
import { NotFound } from '../../../application/errors.js';
import { MAX_INSTRUCTIONS_LENGTH, MAX_SHIPPING_ADDRESS_LENGTH } from '../../../domain/orders/order.js';
import { formatMoney } from '../../../domain/marketplace/money-format.js';
import type { SpindleState } from '../http-state.js';
import { statusOf } from '../middleware/errors.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import type { CartUseCases } from './cart-routes.js';
import { checkoutInput } from './order-bodies.js';
import { orderPageTemplates } from './order-page-templates.js';
import type { OrderPresenter } from './order-presenter.js';

const PATH = '/cart';
const CART_PATHS = new Set([PATH, `${PATH}/add`, `${PATH}/remove`, `${PATH}/checkout`]);
// The address and the instructions, each character up to nine bytes once UTF-8 and percent-encoded, and the rest.
const MAX_FORM_BYTES = 9 * (MAX_SHIPPING_ADDRESS_LENGTH + MAX_INSTRUCTIONS_LENGTH) + 8 * 1024;
const NOTICES: Readonly<Record<string, string>> = { added: 'The listing is in your cart.', removed: 'The listing was taken out of your cart.' };

const listingOf = (value: string | null | undefined): number => pathId(value ?? undefined, () => new NotFound());

/**
 * The buyer's cart on `{web_url}/cart`, signed in: the cart as `GET /marketplace/cart` shows it (by seller, with
 * what each checkout would cost), `?add={listing}` asking to confirm putting a listing in (the listing page links
 * there), and forms that call the API's cart use cases: put in, take out, and check one seller out with a shipping
 * address (the API's `checkoutInput`), which answers 303 to the order's page. A refusal shows the cart again with the
 * reason beside the seller's form and the values as sent.
 */
export class CartPages implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: CartUseCases,
    private readonly presenter: OrderPresenter,
    private readonly urls: ApiUrls,
    deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, orderPageTemplates());
  }

  isWebPage(path: string): boolean {
    return CART_PATHS.has(path);
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  register(router: Router<SpindleState>): void {
    router.get(PATH, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const add = typeof ctx.query.add === 'string' ? listingOf(ctx.query.add) : undefined;
      const done = typeof ctx.query.done === 'string' ? NOTICES[ctx.query.done] : undefined;
      await this.show(ctx, caller, { add, notice: done });
    }));
    router.post(`${PATH}/add`, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const form = await this.kit.form(ctx);
      await this.useCases.addToCart.execute({ caller, listingId: listingOf(form.get('listing')) });
      this.kit.seeOther(ctx, `${PATH}?done=added`);
    }));
    router.post(`${PATH}/remove`, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const form = await this.kit.form(ctx);
      await this.useCases.removeFromCart.execute({ caller, listingId: listingOf(form.get('listing')) });
      this.kit.seeOther(ctx, `${PATH}?done=removed`);
    }));
    router.post(`${PATH}/checkout`, this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const sent = {
        seller: form.get('seller') ?? '',
        shipping_address: (form.get('shipping_address') ?? '').replace(/\r\n?/g, '\n'),
        additional_instructions: (form.get('additional_instructions') ?? '').replace(/\r\n?/g, '\n'),
      };
      try {
        const [order] = await this.useCases.checkOut.execute({ caller, body: () => checkoutInput(sent) });
        this.kit.seeOther(ctx, `/sell/order/${encodeURIComponent(order!.order.id)}`);
      } catch (err) {
        const status = statusOf(err);
        if (status !== 422 && status !== 409) throw err;
        await this.show(ctx, caller, { refused: { seller: sent.seller, message: (err as Error).message, sent } }, status);
      }
    }));
  }

  private async show(
    ctx: Koa.Context,
    caller: SignedIn,
    extra: { add?: number; notice?: string; refused?: { seller: string; message: string; sent: Record<string, string> } },
    status = 200,
  ): Promise<void> {
    const view = await this.useCases.getCart.execute({ caller });
    const cart = this.presenter.cart(view);
    await this.kit.render(
      ctx,
      '@cart',
      {
        title: 'Your cart',
        user: caller.username,
        action: `${this.kit.settings.webUrl}${PATH}`,
        add: extra.add === undefined ? undefined : { id: extra.add, href: this.urls.webPage(`/sell/item/${extra.add}`) },
        sellers: view.sellers.map((g, n) => {
          const name = g.seller.username;
          const refused = extra.refused?.seller === name ? extra.refused : undefined;
          return {
            name,
            key: `s${n}`,
            items: g.lines.map((l, i) => ({
              id: l.listing.id,
              href: this.urls.webPage(`/sell/item/${l.listing.id}`),
              condition: cart.sellers[n]!.items[i]!.condition,
              price: formatMoney(l.listing.price),
              buyerPrice: l.buyerPrice && l.buyerPrice.currency !== l.listing.price.currency ? formatMoney(l.buyerPrice) : undefined,
              buyable: l.buyable,
            })),
            total: g.total ? formatMoney(g.total) : 'not known (a currency rate is missing)',
            buyerTotal: g.buyerTotal && g.total && g.buyerTotal.currency !== g.total.currency ? formatMoney(g.buyerTotal) : undefined,
            refused: refused?.message,
            address: refused?.sent.shipping_address ?? '',
            instructions: refused?.sent.additional_instructions ?? '',
          };
        }),
        maxAddress: MAX_SHIPPING_ADDRESS_LENGTH,
        maxInstructions: MAX_INSTRUCTIONS_LENGTH,
        notice: extra.notice,
        error: extra.refused ? 'Nothing was ordered: see the reason beside the seller below.' : undefined,
      },
      status,
    );
  }
}

import type Router from '@koa/router';
import type Koa from 'koa';
import { NotFound } from '../../../application/errors.js';
import type { OrderView } from '../../../application/orders/order-access.js';
import { FEEDBACK_RATINGS, MAX_FEEDBACK_COMMENT_LENGTH } from '../../../domain/orders/order-feedback.js';
import { MAX_ORDER_MESSAGE_LENGTH } from '../../../domain/orders/order-message.js';
import { REFUNDABLE_STATUSES, SHIPPING_LOCKED_STATUSES } from '../../../domain/orders/order-lifecycle.js';
import { formatMoney } from '../../../domain/marketplace/money-format.js';
import type { SpindleState } from '../http-state.js';
import { statusOf } from '../middleware/errors.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { dateInWords, personName } from '../web-pages/page-format.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { feedbackInput, orderEditInput, orderMessageInput, refundInput } from './order-bodies.js';
import { orderPageTemplates } from './order-page-templates.js';
import type { OrderPresenter } from './order-presenter.js';
import type { OrderUseCases } from './order-routes.js';

// An empty id too (`/sell/order//messages`), which the server's path normalizing turns into a page path.
const ORDER_PATH = /^\/sell\/order\/[^/]*(?:\/(?:messages|status|refunds|feedback))?$/;
/** The newest entries of the message log the page shows. */
const LOG_LENGTH = 100;
// The longest message, each character up to nine bytes once UTF-8 and percent-encoded, and the other fields.
const MAX_FORM_BYTES = 9 * MAX_ORDER_MESSAGE_LENGTH + 8 * 1024;
const FORMS = ['message', 'status', 'refund', 'feedback'] as const;
type Form = (typeof FORMS)[number];

/** What each form's 303 says on the order page (`?done=`): fixed texts, never one taken from the address. */
const NOTICES: Readonly<Record<Form, string>> = {
  message: 'Your message was added to the order.',
  status: 'The order was changed.',
  refund: 'The refund was recorded.',
  feedback: 'Your feedback was saved.',
};

/** The fields each form sent, kept to fill the form again when it is refused. */
type Sent = Readonly<Record<string, string>>;

const orderIdOf = (value: string | undefined): string => {
  if (value === undefined || value.length > 40) throw new NotFound();
  return value;
};

/** A form's text field as the use case takes it: absent or blank as absent, line ends as `\n`. */
function given(form: URLSearchParams, name: string): string | undefined {
  const value = form.get(name)?.replace(/\r\n?/g, '\n');
  return value === undefined || value === '' ? undefined : value;
}

/**
 * An order's page on `{web_url}/sell/order/{id}` (the API's order `uri`), for its buyer and its seller signed in:
 * the order as `GET /marketplace/orders/{id}` shows it to them, its message log (reading it marks it read, as the
 * API's does), and forms that call the API's use cases with the API's body checks: add a message (with a status move
 * if wanted), move the status and (the seller, while the shipping is not locked) set the shipping, give feedback.
 * Each POST answers 303 back to the page with a notice; a refusal shows the page again with the reason beside the
 * form sent and its values kept (422); someone else's order is the API's 403, an unknown one its 404, as pages.
 */
export class OrderPages implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: Pick<OrderUseCases, 'getOrder' | 'editOrder' | 'getMessages' | 'addMessage' | 'recordRefund' | 'giveFeedback'>,
    private readonly presenter: OrderPresenter,
    private readonly urls: ApiUrls,
    deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, orderPageTemplates());
  }

  isWebPage(path: string): boolean {
    return ORDER_PATH.test(path);
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  register(router: Router<SpindleState>): void {
    router.get('/sell/order/:id', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const done = FORMS.find((f) => f === ctx.query.done);
      await this.show(ctx, caller, orderIdOf(ctx.params.id), { notice: done ? NOTICES[done] : undefined });
    }));
    router.post('/sell/order/:id/messages', this.kit.page((ctx) =>
      this.save(ctx, 'message', (caller, id, form) =>
        this.useCases.addMessage.execute({ caller, id, body: () => orderMessageInput({ message: given(form, 'message'), status: given(form, 'status') }) }),
      ),
    ));
    router.post('/sell/order/:id/status', this.kit.page((ctx) =>
      this.save(ctx, 'status', (caller, id, form) =>
        this.useCases.editOrder.execute({
          caller,
          id,
          body: (currency) => orderEditInput({ status: given(form, 'status'), shipping: given(form, 'shipping'), shipping_method: given(form, 'shipping_method') }, currency),
        }),
      ),
    ));
    router.post('/sell/order/:id/refunds', this.kit.page((ctx) =>
      this.save(ctx, 'refund', (caller, id, form) =>
        this.useCases.recordRefund.execute({ caller, id, body: (currency) => refundInput({ type: given(form, 'type'), amount: given(form, 'amount') }, currency) }),
      ),
    ));
    router.post('/sell/order/:id/feedback', this.kit.page((ctx) =>
      this.save(ctx, 'feedback', (caller, id, form) =>
        this.useCases.giveFeedback.execute({ caller, id, body: () => feedbackInput({ rating: given(form, 'rating'), comment: form.get('comment') ?? '' }) }),
      ),
    ));
  }

  /** Runs one form: 303 to the page with its notice, or the page again with the reason beside the form (422, 409). */
  private async save(ctx: Koa.Context, which: Form, run: (caller: SignedIn, id: string, form: URLSearchParams) => Promise<unknown>): Promise<void> {
    const caller = await this.kit.signedIn(ctx);
    const id = orderIdOf(ctx.params.id);
    const form = await this.kit.form(ctx, MAX_FORM_BYTES);
    try {
      await run(caller, id, form);
    } catch (err) {
      const status = statusOf(err);
      // 403 and 404 (not a party, no such order) are the message page; a refused change is shown on its form.
      if (status !== 422 && status !== 409) throw err;
      const sent = Object.fromEntries([...form.entries()].filter(([k]) => k !== 'csrf'));
      await this.show(ctx, caller, id, { refused: { form: which, message: (err as Error).message, sent } }, status);
      return;
    }
    this.kit.seeOther(ctx, `/sell/order/${encodeURIComponent(id)}?done=${which}`);
  }

  private async show(
    ctx: Koa.Context,
    caller: SignedIn,
    id: string,
    extra: { notice?: string; refused?: { form: Form; message: string; sent: Sent } },
    status = 200,
  ): Promise<void> {
    const view: OrderView = await this.useCases.getOrder.execute({ caller, id });
    const log = await this.useCases.getMessages.execute({ caller, id, page: { page: 1, perPage: LOG_LENGTH } });
    const o = this.presenter.order(view);
    const order = view.order;
    const seller = view.viewer === 'seller';
    const sent = (form: Form, name: string, fallback = ''): string => (extra.refused?.form === form ? (extra.refused.sent[name] ?? fallback) : fallback);
    const mine = view.feedback.find((f) => f.from === view.viewer);
    await this.kit.render(
      ctx,
      '@order',
      {
        title: `Order ${o.id}`,
        user: caller.username,
        action: `${this.kit.settings.webUrl}/sell/order/${encodeURIComponent(o.id)}`,
        viewer: view.viewer,
        other: personName(seller ? view.buyer : view.seller),
        // The seller's inventory, while their account lives (a deleted one's name links nowhere).
        otherHref: seller || view.seller.deletedAt ? undefined : `${this.kit.settings.webUrl}/seller/${encodeURIComponent(view.seller.username)}`,
        status: o.status,
        created: dateInWords(order.created),
        lastActivity: dateInWords(order.lastActivity),
        items: o.items.map((i) => ({
          href: this.urls.webPage(`/sell/item/${i.id}`),
          release: i.release.description || `Release ${i.release.id}`,
          releaseHref: this.urls.web('release', i.release.id, i.release.description),
          price: formatMoney(order.items.find((it) => it.listingId === i.id)!.price),
          condition: i.media_condition,
          sleeve: i.sleeve_condition,
        })),
        shipping: formatMoney(order.shipping),
        shippingMethod: order.shippingMethod,
        total: formatMoney(order.total),
        fee: seller ? formatMoney(order.fee) : undefined,
        address: o.shipping_address,
        instructions: o.additional_instructions,
        feedback: o.feedback,
        log: log.items.map((m) => {
          const entry = this.presenter.message(m);
          return { when: dateInWords(m.message.timestamp), who: personName(m.actor), type: entry.type, text: entry.message };
        }),
        logMore: log.total > log.items.length,
        apiUrl: o.resource_url,
        // The forms: where the viewer may move the order, the shipping while it may change, the feedback.
        next: o.next_status,
        shippingOpen: seller && !SHIPPING_LOCKED_STATUSES.includes(order.status),
        // The seller records a refund once the buyer has paid, or its receipt while one sent is not yet received.
        refund: seller && (REFUNDABLE_STATUSES.includes(order.status) || order.refunded.isGreaterThan(order.refundReceived))
          ? {
              sent: formatMoney(order.refunded),
              received: formatMoney(order.refundReceived),
              kinds: [
                ...(REFUNDABLE_STATUSES.includes(order.status) ? [{ value: 'sent', text: 'sent to the buyer' }] : []),
                ...(order.refunded.isGreaterThan(order.refundReceived) ? [{ value: 'received', text: 'received by the buyer' }] : []),
              ],
            }
          : undefined,
        currency: order.total.currency,
        ratings: FEEDBACK_RATINGS,
        maxMessage: MAX_ORDER_MESSAGE_LENGTH,
        maxComment: MAX_FEEDBACK_COMMENT_LENGTH,
        form: {
          message: sent('message', 'message'),
          messageStatus: sent('message', 'status'),
          status: sent('status', 'status'),
          shipping: sent('status', 'shipping'),
          shippingMethod: sent('status', 'shipping_method'),
          refundType: sent('refund', 'type'),
          refundAmount: sent('refund', 'amount'),
          rating: sent('feedback', 'rating', mine?.rating ?? ''),
          comment: sent('feedback', 'comment', mine?.comment ?? ''),
        },
        refused: extra.refused ? { form: extra.refused.form, message: extra.refused.message } : undefined,
        notice: extra.notice,
        error: extra.refused ? 'Nothing was changed: see the reason beside the form below.' : undefined,
      },
      status,
    );
  }
}

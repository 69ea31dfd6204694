import { IsOptional } from 'class-validator';
import type { Currency } from '../../../domain/marketplace/currency.js';
import { listingPrice } from '../../../domain/marketplace/listing.js';
import { Money } from '../../../domain/marketplace/money.js';
import { isMoneyRefusal } from '../../../domain/marketplace/money-refusal.js';
import type { CheckoutTerms } from '../../../domain/orders/checkout-terms.js';
import { MAX_INSTRUCTIONS_LENGTH, MAX_SHIPPING_ADDRESS_LENGTH } from '../../../domain/orders/order.js';
import { FEEDBACK_RATINGS, feedbackCommentProblem, MAX_FEEDBACK_COMMENT_LENGTH, type FeedbackRequest } from '../../../domain/orders/order-feedback.js';
import { MAX_ORDER_MESSAGE_LENGTH } from '../../../domain/orders/order-message.js';
import { MAX_SHIPPING_METHOD_LENGTH, type OrderEdit, type OrderMessageRequest, type RefundRequest } from '../../../domain/orders/order-requests.js';
import { orderStatusNamed } from '../../../domain/orders/order-status.js';
import { isGiven, Problem, validateBodyAll } from '../every-problem.js';

/*
 * What clients send to the orders, the cart's checkout and the feedback, checked into the use cases' inputs. Every
 * problem of a body is named at once, in one 422 (`validateBodyAll`), in the order the properties are declared; a
 * field sent as null counts as absent. Amounts are numbers or decimal text in the order's currency, with no more
 * decimals than it has: the order's DTOs are made with that currency, which the use case gives when it asks for
 * its input (after the path and the caller are checked).
 */

const text = (value: unknown): string => JSON.stringify(value);

/** A text field's problem: not text, or longer than `max` characters (not blank when `notBlank`). */
function textProblem(key: string, value: unknown, max: number, notBlank = false): string | undefined {
  if (typeof value !== 'string') return `${key} must be text, got ${text(value)}.`;
  if (notBlank && value.trim() === '') return `${key} may not be blank.`;
  if (value.length > max) return `${key} may be at most ${max} characters long, got ${value.length}.`;
  return undefined;
}

const statusProblem = (value: unknown): string | undefined =>
  orderStatusNamed(value) === null ? `status must be an order status (see the API's order statuses), got ${text(value)}.` : undefined;

/**
 * An amount of money in the currency, as a number or decimal text: 0 allowed when `zeroAllowed`, else more than
 * nothing; at most the listing price bound; no more decimals than the currency has. The amount, or the problem
 * naming `key`.
 */
function amountIn(value: unknown, key: string, currency: Currency, zeroAllowed: boolean): Money | string {
  if ((typeof value === 'number' && value < 0) || (typeof value === 'string' && /^\s*-/.test(value))) {
    return `${key} ${zeroAllowed ? 'may not be negative' : 'must be greater than 0'}, got ${text(value)}.`;
  }
  if (zeroAllowed && (value === 0 || (typeof value === 'string' && /^\s*0*(\.0*)?\s*$/.test(value) && /\d/.test(value)))) return Money.zero(currency);
  try {
    return listingPrice(value, currency, 'refuse');
  } catch (err) {
    if (!isMoneyRefusal(err)) throw err;
    return err.message.replace(/^price\b/, key).replace('must be greater than 0', zeroAllowed ? 'may not be negative' : 'must be greater than 0');
  }
}

const problemOf = (amount: Money | string): string | undefined => (typeof amount === 'string' ? amount : undefined);
const moneyOf = (amount: Money | string): Money => amount as Money;

// The order's currency, kept under a symbol so that no body field can replace it.
const CURRENCY = Symbol('the order currency');

/**
 * `POST /marketplace/orders/{id}`: `status` (an order status), `shipping` (an amount, 0 allowed), `shipping_method`
 * (text, only with shipping), `archived` (true or false, as JSON or text): at least one; status and shipping never
 * together (the spec's part 3).
 */
export class OrderEditBody {
  readonly [CURRENCY]: Currency;

  constructor(currency: Currency) {
    this[CURRENCY] = currency;
  }

  @IsOptional() @Problem(statusProblem) status?: unknown;

  @IsOptional()
  @Problem<OrderEditBody>((value, dto) => problemOf(amountIn(value, 'shipping', dto[CURRENCY], true)))
  shipping?: unknown;

  @IsOptional() @Problem((value) => textProblem('shipping_method', value, MAX_SHIPPING_METHOD_LENGTH)) shipping_method?: unknown;

  @Problem<OrderEditBody>((_, dto) => (isGiven(dto.shipping_method) && !isGiven(dto.shipping) ? 'shipping_method goes with shipping.' : undefined))
  private readonly shippingMethodAlone?: never;

  @IsOptional()
  @Problem((value) => ([true, false, 'true', 'false'].includes(value as string) ? undefined : `archived must be true or false, got ${text(value)}.`))
  archived?: unknown;

  @Problem<OrderEditBody>((_, dto) => (isGiven(dto.status) && isGiven(dto.shipping) ? 'status and shipping cannot be changed in the same request.' : undefined))
  private readonly statusWithShipping?: never;

  @Problem<OrderEditBody>((_, dto) => (!isGiven(dto.status) && !isGiven(dto.shipping) && !isGiven(dto.archived) ? 'Give a status, shipping or archived.' : undefined))
  private readonly nothingGiven?: never;
}

/** `POST /marketplace/orders/{id}/messages`: `message` (text, not blank) and `status` (an order status), at least one. */
export class OrderMessageBody {
  @IsOptional() @Problem((value) => textProblem('message', value, MAX_ORDER_MESSAGE_LENGTH, true)) message?: unknown;
  @IsOptional() @Problem(statusProblem) status?: unknown;

  @Problem<OrderMessageBody>((_, dto) => (!isGiven(dto.message) && !isGiven(dto.status) ? 'Give a message, a status or both.' : undefined))
  private readonly nothingGiven?: never;
}

/** `POST /marketplace/orders/{id}/refunds`: `type` (`sent`, the default, or `received`) and `amount` (more than nothing). */
export class RefundBody {
  readonly [CURRENCY]: Currency;

  constructor(currency: Currency) {
    this[CURRENCY] = currency;
  }

  @IsOptional()
  @Problem((value) => (value === 'sent' || value === 'received' ? undefined : `type must be sent or received, got ${text(value)}.`))
  type?: unknown;

  @Problem<RefundBody>((value, dto) => (isGiven(value) ? problemOf(amountIn(value, 'amount', dto[CURRENCY], false)) : 'amount is required.'))
  amount?: unknown;
}

/** The comment a feedback body keeps: its text trimmed when it is good text, else none. */
function feedbackComment(value: unknown): string {
  return isGiven(value) && textProblem('comment', value, MAX_FEEDBACK_COMMENT_LENGTH) === undefined ? (value as string).trim() : '';
}

/** `POST /marketplace/orders/{id}/feedback`: `rating` (positive, neutral or negative) and `comment` (required unless positive). */
export class FeedbackBody {
  @Problem((value) =>
    !isGiven(value) ? 'rating is required.' : (FEEDBACK_RATINGS as readonly unknown[]).includes(value) ? undefined : `rating must be one of ${FEEDBACK_RATINGS.join(', ')}, got ${text(value)}.`,
  )
  rating?: unknown;

  @IsOptional() @Problem((value) => textProblem('comment', value, MAX_FEEDBACK_COMMENT_LENGTH)) comment?: unknown;

  @Problem<FeedbackBody>((_, dto) =>
    (FEEDBACK_RATINGS as readonly unknown[]).includes(dto.rating) ? feedbackCommentProblem(dto.rating as FeedbackRequest['rating'], feedbackComment(dto.comment)) : undefined,
  )
  private readonly commentNeeded?: never;
}

/**
 * `POST /marketplace/checkout`: `shipping_address` (required text, not blank), `additional_instructions` (text) and
 * `seller` (a login name: text, not blank).
 */
export class CheckoutBody {
  @Problem((value) => (isGiven(value) ? textProblem('shipping_address', value, MAX_SHIPPING_ADDRESS_LENGTH, true) : 'shipping_address is required.'))
  shipping_address?: unknown;

  @IsOptional() @Problem((value) => textProblem('additional_instructions', value, MAX_INSTRUCTIONS_LENGTH)) additional_instructions?: unknown;

  @IsOptional()
  @Problem((value) => (typeof value === 'string' && value.trim() !== '' ? undefined : `seller must be a seller's name, got ${text(value)}.`))
  seller?: unknown;
}

/** The edit of an order a body carries, checked, its amounts in the order's currency. */
export function orderEditInput(body: unknown, currency: Currency): OrderEdit {
  const dto = validateBodyAll(new OrderEditBody(currency), body, 'The request body must be a JSON object with status, shipping or archived.');
  return {
    status: isGiven(dto.status) ? orderStatusNamed(dto.status) : null,
    shipping: isGiven(dto.shipping) ? moneyOf(amountIn(dto.shipping, 'shipping', currency, true)) : null,
    shippingMethod: isGiven(dto.shipping_method) ? (dto.shipping_method as string).trim() : null,
    archived: isGiven(dto.archived) ? dto.archived === true || dto.archived === 'true' : null,
  };
}

/** The message (and status) a body adds to an order, checked; the text is kept as written. */
export function orderMessageInput(body: unknown): OrderMessageRequest {
  const dto = validateBodyAll(new OrderMessageBody(), body, 'The request body must be a JSON object with message, status or both.');
  return { text: isGiven(dto.message) ? (dto.message as string) : null, status: isGiven(dto.status) ? orderStatusNamed(dto.status) : null };
}

/** The refund a body records, checked, its amount in the order's currency. */
export function refundInput(body: unknown, currency: Currency): RefundRequest {
  const dto = validateBodyAll(new RefundBody(currency), body, 'The request body must be a JSON object with amount.');
  return { kind: dto.type === 'received' ? 'received' : 'sent', amount: moneyOf(amountIn(dto.amount, 'amount', currency, false)) };
}

/** The feedback a body gives, checked; the comment trimmed ('' when none). */
export function feedbackInput(body: unknown): FeedbackRequest {
  const dto = validateBodyAll(new FeedbackBody(), body, 'The request body must be a JSON object with rating and comment.');
  return { rating: dto.rating as FeedbackRequest['rating'], comment: feedbackComment(dto.comment) };
}

/** What a buyer says at checkout, checked; the seller's name trimmed. */
export function checkoutInput(body: unknown): CheckoutTerms {
  const dto = validateBodyAll(new CheckoutBody(), body, 'The request body must be a JSON object with shipping_address.');
  return {
    shippingAddress: dto.shipping_address as string,
    additionalInstructions: typeof dto.additional_instructions === 'string' ? dto.additional_instructions : '',
    seller: typeof dto.seller === 'string' ? dto.seller.trim() : null,
  };
}

import type { Currency } from '../marketplace/currency.js';
import { listingPrice } from '../marketplace/listing.js';
import { Money } from '../marketplace/money.js';
import { isMoneyRefusal } from '../marketplace/money-refusal.js';
import { Refusal } from '../shared/refusal.js';
import { MAX_ORDER_MESSAGE_LENGTH } from './order-message.js';
import { orderStatusNamed, type OrderStatus } from './order-status.js';

/*
 * What the order endpoints' request bodies may say, checked: every problem of a body is named in one `invalid`
 * Refusal (422).
 * Amounts are numbers or decimal text in the order's currency, with no more decimals than it has.
 */

/** The longest shipping method text, in characters. */
export const MAX_SHIPPING_METHOD_LENGTH = 200;

/** An edit of an order (`POST /marketplace/orders/{id}`): a status, or shipping (and its method), and/or archived. */
export interface OrderEdit {
  readonly status: OrderStatus | null;
  readonly shipping: Money | null;
  readonly shippingMethod: string | null;
  readonly archived: boolean | null;
}

/** A message added to an order: text and/or a status. */
export interface OrderMessageRequest {
  readonly text: string | null;
  readonly status: OrderStatus | null;
}

/** A refund recorded on an order. */
export interface RefundRequest {
  readonly kind: 'sent' | 'received';
  readonly amount: Money;
}

type Body = Record<string, unknown>;

function objectBody(body: unknown, what: string): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw Refusal.ofProblems([`The request body must be a JSON object with ${what}.`]);
  return body as Body;
}

const given = (b: Body, key: string) => b[key] !== undefined && b[key] !== null;

function statusField(b: Body, problems: string[]): OrderStatus | null {
  if (!given(b, 'status')) return null;
  const status = orderStatusNamed(b.status);
  if (status === null) problems.push(`status must be an order status (see the API's order statuses), got ${JSON.stringify(b.status)}.`);
  return status;
}

/** An amount of money in the currency: 0 allowed when `zeroAllowed`, else more than nothing; at most the listing price bound. */
function amountField(b: Body, key: string, currency: Currency, zeroAllowed: boolean, problems: string[]): Money | null {
  const value = b[key];
  if ((typeof value === 'number' && value < 0) || (typeof value === 'string' && /^\s*-/.test(value))) {
    problems.push(`${key} ${zeroAllowed ? 'may not be negative' : 'must be greater than 0'}, got ${JSON.stringify(value)}.`);
    return null;
  }
  if (zeroAllowed && (value === 0 || (typeof value === 'string' && /^\s*0*(\.0*)?\s*$/.test(value) && /\d/.test(value)))) return Money.zero(currency);
  try {
    return listingPrice(value, currency, 'refuse');
  } catch (err) {
    if (!(isMoneyRefusal(err))) throw err;
    problems.push(err.message.replace(/^price\b/, key).replace('must be greater than 0', zeroAllowed ? 'may not be negative' : 'must be greater than 0'));
    return null;
  }
}

/**
 * `status` (an order status), `shipping` (an amount, 0 allowed, in the order's currency), `shipping_method` (text,
 * only with shipping), `archived` (true or false): at least one; status and shipping never together (the spec's
 * part 3).
 */
export function orderEdit(body: unknown, currency: Currency): OrderEdit {
  const b = objectBody(body, 'status, shipping or archived');
  const problems: string[] = [];
  const status = statusField(b, problems);
  const shipping = given(b, 'shipping') ? amountField(b, 'shipping', currency, true, problems) : null;
  let shippingMethod: string | null = null;
  if (given(b, 'shipping_method')) {
    const m = b.shipping_method;
    if (typeof m !== 'string') problems.push(`shipping_method must be text, got ${JSON.stringify(m)}.`);
    else if (m.length > MAX_SHIPPING_METHOD_LENGTH) problems.push(`shipping_method may be at most ${MAX_SHIPPING_METHOD_LENGTH} characters long, got ${m.length}.`);
    else shippingMethod = m.trim();
    if (!given(b, 'shipping')) problems.push('shipping_method goes with shipping.');
  }
  let archived: boolean | null = null;
  if (given(b, 'archived')) {
    if (typeof b.archived === 'boolean') archived = b.archived;
    else if (b.archived === 'true' || b.archived === 'false') archived = b.archived === 'true';
    else problems.push(`archived must be true or false, got ${JSON.stringify(b.archived)}.`);
  }
  if (given(b, 'status') && given(b, 'shipping')) problems.push('status and shipping cannot be changed in the same request.');
  if (!given(b, 'status') && !given(b, 'shipping') && !given(b, 'archived')) problems.push('Give a status, shipping or archived.');
  if (problems.length > 0) throw Refusal.ofProblems(problems);
  return { status, shipping, shippingMethod, archived };
}

/** `message` (text, not blank, at most MAX_ORDER_MESSAGE_LENGTH) and `status` (an order status), at least one. */
export function orderMessageRequest(body: unknown): OrderMessageRequest {
  const b = objectBody(body, 'message, status or both');
  const problems: string[] = [];
  let text: string | null = null;
  if (given(b, 'message')) {
    const m = b.message;
    if (typeof m !== 'string') problems.push(`message must be text, got ${JSON.stringify(m)}.`);
    else if (m.trim() === '') problems.push('message may not be blank.');
    else if (m.length > MAX_ORDER_MESSAGE_LENGTH) problems.push(`message may be at most ${MAX_ORDER_MESSAGE_LENGTH} characters long, got ${m.length}.`);
    else text = m;
  }
  const status = statusField(b, problems);
  if (!given(b, 'message') && !given(b, 'status')) problems.push('Give a message, a status or both.');
  if (problems.length > 0) throw Refusal.ofProblems(problems);
  return { text, status };
}

/** `amount` (more than nothing, in the order's currency) and `type` (`sent`, the default, or `received`). */
export function refundRequest(body: unknown, currency: Currency): RefundRequest {
  const b = objectBody(body, 'amount');
  const problems: string[] = [];
  let kind: 'sent' | 'received' = 'sent';
  if (given(b, 'type')) {
    if (b.type === 'sent' || b.type === 'received') kind = b.type;
    else problems.push(`type must be sent or received, got ${JSON.stringify(b.type)}.`);
  }
  let amount: Money | null = null;
  if (!given(b, 'amount')) problems.push('amount is required.');
  else amount = amountField(b, 'amount', currency, false, problems);
  if (problems.length > 0) throw Refusal.ofProblems(problems);
  return { kind, amount: amount! };
}

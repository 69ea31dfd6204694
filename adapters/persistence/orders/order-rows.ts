import { EntitySchema } from '@mikro-orm/core';
import { FEEDBACK_RATINGS } from '../../../domain/orders/order-feedback.js';
import { ORDER_MESSAGE_TYPES } from '../../../domain/orders/order-message.js';
import { ORDER_PARTIES } from '../../../domain/orders/order-party.js';
import { ORDER_STATUSES } from '../../../domain/orders/order-status.js';
import { UserRow } from '../identity/identity-rows.js';
import { ListingRow } from '../marketplace/marketplace-rows.js';

/** A check that `column` holds one of `values` (`array_position`: MikroORM would read an `in (…)` check as an enum). */
const oneOf = (column: string, values: readonly string[]): string =>
  `array_position(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}], ${column}) is not null`;

/*
 * The orders module's tables. The row classes exist for the schema (migrations are generated from them); the
 * repositories read and write them with SQL through the current unit of work.
 */

/** A listing in a buyer's cart; it leaves every cart when the listing is removed. */
export class CartItemRow {
  user!: UserRow;
  listing!: ListingRow;
  addedAt!: Date;
}

export const CartItemSchema = new EntitySchema<CartItemRow>({
  class: CartItemRow,
  tableName: 'cart_item',
  indexes: [{ name: 'cart_item_listing_id_index', properties: ['listing'] }],
  properties: {
    user: { kind: 'm:1', entity: () => UserRow, primary: true, deleteRule: 'cascade' },
    listing: { kind: 'm:1', entity: () => ListingRow, primary: true, deleteRule: 'cascade' },
    addedAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

/** The last order number a seller's orders were given (their next is one more). */
export class SellerOrderSequenceRow {
  seller!: UserRow;
  lastNumber!: number;
}

export const SellerOrderSequenceSchema = new EntitySchema<SellerOrderSequenceRow>({
  class: SellerOrderSequenceRow,
  tableName: 'seller_order_sequence',
  properties: {
    seller: { kind: 'm:1', entity: () => UserRow, primary: true, deleteRule: 'cascade' },
    lastNumber: { type: 'integer' },
  },
});

/**
 * An order: one buyer's purchase from one seller. Amounts in minor units of the order's currency (the seller's at
 * the sale), the total (items and shipping) never less than the shipping, the refund received never more than the
 * refund sent; `version` for optimistic concurrency.
 */
export class MarketOrderRow {
  id!: string;
  seller!: UserRow;
  number!: number;
  buyer!: UserRow;
  status!: string;
  currency!: string;
  totalMinor!: string;
  feeMinor!: string;
  shippingMinor!: string;
  shippingMethod!: string;
  refundedMinor!: string;
  refundReceivedMinor!: string;
  shippedAt!: Date | null;
  shippingAddress!: string;
  additionalInstructions!: string;
  created!: Date;
  lastActivity!: Date;
  archived!: boolean;
  version!: number;
}

export const MarketOrderSchema = new EntitySchema<MarketOrderRow>({
  class: MarketOrderRow,
  tableName: 'market_order',
  uniques: [{ name: 'market_order_seller_id_number_unique', properties: ['seller', 'number'] }],
  indexes: [
    { name: 'market_order_seller_id_created_index', properties: ['seller', 'created'] },
    { name: 'market_order_buyer_id_created_index', properties: ['buyer', 'created'] },
  ],
  checks: [
    { name: 'market_order_status_check', expression: oneOf('status', ORDER_STATUSES) },
    {
      name: 'market_order_amounts_check',
      expression:
        'total_minor >= 0 and fee_minor >= 0 and shipping_minor >= 0 and total_minor >= shipping_minor and refunded_minor >= 0 and refund_received_minor >= 0 and refund_received_minor <= refunded_minor',
    },
  ],
  properties: {
    id: { type: 'text', primary: true },
    seller: { kind: 'm:1', entity: () => UserRow, deleteRule: 'restrict' },
    number: { type: 'integer' },
    buyer: { kind: 'm:1', entity: () => UserRow, deleteRule: 'restrict' },
    status: { type: 'text' },
    currency: { type: 'string', columnType: 'char(3)' },
    totalMinor: { type: 'bigint', columnType: 'bigint' },
    feeMinor: { type: 'bigint', columnType: 'bigint' },
    shippingMinor: { type: 'bigint', columnType: 'bigint', default: 0 },
    shippingMethod: { type: 'text', default: '' },
    refundedMinor: { type: 'bigint', columnType: 'bigint', default: 0 },
    refundReceivedMinor: { type: 'bigint', columnType: 'bigint', default: 0 },
    shippedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    shippingAddress: { type: 'text' },
    additionalInstructions: { type: 'text', default: '' },
    created: { type: 'datetime', columnType: 'timestamptz' },
    lastActivity: { type: 'datetime', columnType: 'timestamptz' },
    archived: { type: 'boolean', default: false },
    version: { type: 'integer', default: 1 },
  },
});

/**
 * One item of an order: the listing as it was sold (no foreign key to the listing: a seller may delete a sold
 * listing, the order keeps what was sold). Its price in the listing's own currency.
 */
export class MarketOrderItemRow {
  order!: MarketOrderRow;
  listingId!: number;
  position!: number;
  releaseId!: number;
  priceMinor!: string;
  currency!: string;
  mediaCondition!: string;
  sleeveCondition!: string | null;
}

export const MarketOrderItemSchema = new EntitySchema<MarketOrderItemRow>({
  class: MarketOrderItemRow,
  tableName: 'market_order_item',
  indexes: [{ name: 'market_order_item_listing_id_index', properties: ['listingId'] }],
  properties: {
    order: { kind: 'm:1', entity: () => MarketOrderRow, primary: true, deleteRule: 'cascade' },
    listingId: { type: 'integer', primary: true },
    position: { type: 'integer' },
    releaseId: { type: 'integer' },
    priceMinor: { type: 'bigint', columnType: 'bigint' },
    currency: { type: 'string', columnType: 'char(3)' },
    mediaCondition: { type: 'text' },
    sleeveCondition: { type: 'text', nullable: true },
  },
});

/**
 * One entry of an order's message log; `id` gives the log's order (newest first is `order by id desc`). The columns
 * after `actor_role` are what the entry's type carries, null otherwise: `text` and the status change of a message,
 * the change of a status entry, the shipping amounts and method, a refund's amount; amounts in minor units of
 * `currency` (the order's).
 */
export class OrderMessageRow {
  id!: string;
  order!: MarketOrderRow;
  type!: string;
  created!: Date;
  actorId!: number;
  actorRole!: string;
  text!: string | null;
  statusFrom!: string | null;
  statusTo!: string | null;
  originalMinor!: string | null;
  newMinor!: string | null;
  method!: string | null;
  amountMinor!: string | null;
  currency!: string | null;
}

export const OrderMessageSchema = new EntitySchema<OrderMessageRow>({
  class: OrderMessageRow,
  tableName: 'order_message',
  indexes: [{ name: 'order_message_order_id_id_index', properties: ['order', 'id'] }],
  checks: [
    { name: 'order_message_type_check', expression: oneOf('type', ORDER_MESSAGE_TYPES) },
    { name: 'order_message_actor_role_check', expression: oneOf('actor_role', ORDER_PARTIES) },
  ],
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    order: { kind: 'm:1', entity: () => MarketOrderRow, deleteRule: 'cascade' },
    type: { type: 'text' },
    created: { type: 'datetime', columnType: 'timestamptz' },
    actorId: { type: 'integer' },
    actorRole: { type: 'text' },
    text: { type: 'text', nullable: true },
    statusFrom: { type: 'text', nullable: true },
    statusTo: { type: 'text', nullable: true },
    originalMinor: { type: 'bigint', columnType: 'bigint', nullable: true },
    newMinor: { type: 'bigint', columnType: 'bigint', nullable: true },
    method: { type: 'text', nullable: true },
    amountMinor: { type: 'bigint', columnType: 'bigint', nullable: true },
    currency: { type: 'string', columnType: 'char(3)', nullable: true },
  },
});

/**
 * A party's feedback on the other after an order shipped: one per order and party (`from_role`), replaced when given
 * again. `subject_id` is who it rates (the other party), indexed with `from_role` for a user's counts in each role.
 */
export class OrderFeedbackRow {
  order!: MarketOrderRow;
  fromRole!: string;
  author!: UserRow;
  subject!: UserRow;
  rating!: string;
  comment!: string;
  given!: Date;
}

export const OrderFeedbackSchema = new EntitySchema<OrderFeedbackRow>({
  class: OrderFeedbackRow,
  tableName: 'order_feedback',
  indexes: [{ name: 'order_feedback_subject_id_from_role_index', properties: ['subject', 'fromRole'] }],
  checks: [
    { name: 'order_feedback_from_role_check', expression: oneOf('from_role', ORDER_PARTIES) },
    { name: 'order_feedback_rating_check', expression: oneOf('rating', FEEDBACK_RATINGS) },
  ],
  properties: {
    order: { kind: 'm:1', entity: () => MarketOrderRow, primary: true, deleteRule: 'cascade' },
    fromRole: { type: 'text', primary: true },
    author: { kind: 'm:1', entity: () => UserRow, deleteRule: 'restrict' },
    subject: { kind: 'm:1', entity: () => UserRow, deleteRule: 'restrict' },
    rating: { type: 'text' },
    comment: { type: 'text', default: '' },
    given: { type: 'datetime', columnType: 'timestamptz' },
  },
});

/**
 * How far a user (a party of the order) has read its message log: `read_to` is the position of the newest entry
 * they have been shown (1 the oldest entry), only ever raised. Entries after it that the other party made are the
 * user's unread ones (the profile's `num_unread`).
 */
export class OrderReadMarkRow {
  order!: MarketOrderRow;
  user!: UserRow;
  readTo!: number;
}

export const OrderReadMarkSchema = new EntitySchema<OrderReadMarkRow>({
  class: OrderReadMarkRow,
  tableName: 'order_read_mark',
  indexes: [{ name: 'order_read_mark_user_id_index', properties: ['user'] }],
  checks: [{ name: 'order_read_mark_read_to_check', expression: 'read_to >= 0' }],
  properties: {
    order: { kind: 'm:1', entity: () => MarketOrderRow, primary: true, deleteRule: 'cascade' },
    user: { kind: 'm:1', entity: () => UserRow, primary: true, deleteRule: 'cascade' },
    readTo: { type: 'integer' },
  },
});

export const ORDER_SCHEMAS = [
  CartItemSchema,
  SellerOrderSequenceSchema,
  MarketOrderSchema,
  MarketOrderItemSchema,
  OrderMessageSchema,
  OrderFeedbackSchema,
  OrderReadMarkSchema,
];

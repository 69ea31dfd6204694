import { EntitySchema } from '@mikro-orm/core';
import { ORDER_STATUSES } from '../../../domain/orders/order-status.js';
import { UserRow } from '../identity/identity-rows.js';
import { ListingRow } from '../marketplace/marketplace-rows.js';

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
 * the sale); `version` for optimistic concurrency.
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
    { name: 'market_order_status_check', expression: `array_position(array[${ORDER_STATUSES.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}], status) is not null` },
    { name: 'market_order_amounts_check', expression: 'total_minor >= 0 and fee_minor >= 0 and shipping_minor >= 0' },
  ],
  properties: {
    id: { type: 'text', primary: true },
    seller: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade' },
    number: { type: 'integer' },
    buyer: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade' },
    status: { type: 'text' },
    currency: { type: 'string', columnType: 'char(3)' },
    totalMinor: { type: 'bigint', columnType: 'bigint' },
    feeMinor: { type: 'bigint', columnType: 'bigint' },
    shippingMinor: { type: 'bigint', columnType: 'bigint', default: 0 },
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

export const ORDER_SCHEMAS = [CartItemSchema, SellerOrderSequenceSchema, MarketOrderSchema, MarketOrderItemSchema];

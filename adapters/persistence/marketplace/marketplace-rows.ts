import { EntitySchema } from '@mikro-orm/core';
import { LISTING_STATUSES } from '../../../domain/marketplace/listing-status.js';
import { UserRow } from '../identity/identity-rows.js';

/*
 * The marketplace's tables. The row classes exist for the schema (migrations are generated from them); the
 * repositories read and write them with SQL through the current unit of work. Triggers on `listing` keep each
 * release row's `num_for_sale` and `lowest_prices` (see the migration).
 */

/** One item offered for sale by a seller: the listing's terms, its price in minor units of its currency. */
export class ListingRow {
  id!: number;
  seller!: UserRow;
  releaseId!: number;
  status!: string;
  condition!: string;
  sleeveCondition!: string | null;
  priceMinor!: string;
  currency!: string;
  comments!: string;
  allowOffers!: boolean;
  externalId!: string | null;
  location!: string | null;
  weight!: number | null;
  formatQuantity!: number | null;
  posted!: Date;
  updated!: Date;
}

export const ListingSchema = new EntitySchema<ListingRow>({
  class: ListingRow,
  tableName: 'listing',
  indexes: [
    { name: 'listing_seller_id_status_index', properties: ['seller', 'status'] },
    { name: 'listing_release_id_index', properties: ['releaseId'] },
    // The newest listings For Sale of every seller (the home page's "Recently listed"): the first entries of this index.
    {
      name: 'listing_for_sale_posted_index',
      expression: `create index "listing_for_sale_posted_index" on "listing" ("posted" desc, "id" desc) where status = 'For Sale'`,
    },
  ],
  checks: [
    { name: 'listing_status_check', expression: `array_position(array[${LISTING_STATUSES.map((s) => `'${s}'`).join(', ')}], status) is not null` },
    { name: 'listing_price_minor_check', expression: 'price_minor > 0' },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    seller: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade' },
    releaseId: { type: 'integer' },
    status: { type: 'text' },
    condition: { type: 'text' },
    sleeveCondition: { type: 'text', nullable: true },
    priceMinor: { type: 'bigint', columnType: 'bigint' },
    currency: { type: 'string', columnType: 'char(3)' },
    comments: { type: 'text', default: '' },
    allowOffers: { type: 'boolean', default: false },
    externalId: { type: 'text', nullable: true },
    location: { type: 'text', nullable: true },
    weight: { type: 'integer', nullable: true },
    formatQuantity: { type: 'integer', nullable: true },
    posted: { type: 'datetime', columnType: 'timestamptz' },
    updated: { type: 'datetime', columnType: 'timestamptz' },
  },
});

/**
 * A seller's marketplace settings: payment and shipping terms (the currency they sell in is the profile's), the
 * shipping price by destination (`shipping_rates`: destination → minor units, null when none) and the minimum order
 * (minor units, 0 for none), both in `amounts_currency` (the seller's currency when they were set).
 */
export class SellerSettingsRow {
  user!: UserRow;
  paymentTerms!: string;
  shippingTerms!: string;
  amountsCurrency!: string | null;
  shippingRates!: Record<string, string> | null;
  minOrderTotalMinor!: string;
  updatedAt!: Date;
}

export const SellerSettingsSchema = new EntitySchema<SellerSettingsRow>({
  class: SellerSettingsRow,
  tableName: 'seller_settings',
  checks: [
    { name: 'seller_settings_min_order_total_minor_check', expression: 'min_order_total_minor >= 0' },
    {
      name: 'seller_settings_amounts_currency_check',
      expression: 'amounts_currency is not null or (shipping_rates is null and min_order_total_minor = 0)',
    },
  ],
  properties: {
    user: { kind: 'm:1', entity: () => UserRow, primary: true, deleteRule: 'cascade' },
    paymentTerms: { type: 'text' },
    shippingTerms: { type: 'text' },
    amountsCurrency: { type: 'string', columnType: 'char(3)', nullable: true },
    shippingRates: { type: 'json', columnType: 'jsonb', nullable: true },
    minOrderTotalMinor: { type: 'bigint', columnType: 'bigint', default: 0 },
    updatedAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

/** A release the operator blocked from sale, why and when. */
export class BlockedReleaseRow {
  releaseId!: number;
  reason!: string;
  blockedAt!: Date;
}

export const BlockedReleaseSchema = new EntitySchema<BlockedReleaseRow>({
  class: BlockedReleaseRow,
  tableName: 'blocked_release',
  properties: {
    releaseId: { type: 'integer', primary: true, autoincrement: false },
    reason: { type: 'text', default: '' },
    blockedAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

export const MARKETPLACE_SCHEMAS = [ListingSchema, SellerSettingsSchema, BlockedReleaseSchema];

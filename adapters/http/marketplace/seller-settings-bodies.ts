import { IsString, ValidateBy, ValidateIf } from 'class-validator';
import type { SellerSettingsProblem } from '../../../application/marketplace/invalid-seller-settings-change.js';
import type { SellerSettingsField } from '../../../application/marketplace/seller-settings.js';
import type { SellerSettingsChangeInput } from '../../../application/marketplace/set-seller-settings.js';
import { CURRENCIES, isCurrency, type Currency } from '../../../domain/marketplace/currency.js';
import { notAnAmount, notShippingRates, type AmountWritten, type ShippingRatesWritten } from '../../../domain/marketplace/shipping-rates.js';
import { validateBody } from '../query.js';

/*
 * What changes seller settings, from each of its three edges: the JSON (or form) body of `POST /marketplace/settings`,
 * the form of the `/settings/seller` page and the options of `spindle seller` (which name their fields as this body
 * does). Every bad field is kept, not only the first: the use case adds the amounts' and the terms' own problems and
 * refuses them all in one 422, the page marking each field.
 */

/** A field is checked when sent; null is a value (it clears an amount, and is not a currency or terms). */
const sent = ValidateIf((_dto: object, value: unknown) => value !== undefined);

/** The currency code written, in any letter case and spacing; undefined when it is none. */
function currencyOf(value: unknown): Currency | undefined {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  return code !== undefined && isCurrency(code) ? code : undefined;
}

const isShippingRatesWritten = (value: unknown): value is ShippingRatesWritten | null =>
  value === null || typeof value === 'number' || typeof value === 'string' || (typeof value === 'object' && !Array.isArray(value));

const isAmountWritten = (value: unknown): value is AmountWritten | null => value === null || typeof value === 'number' || typeof value === 'string';

/** The body, its fields in the order a refusal names them: the currency, the amounts read in it, then the terms. */
export class SellerSettingsBody {
  @sent
  @ValidateBy({
    name: 'currencyCode',
    validator: {
      validate: (value: unknown) => currencyOf(value) !== undefined,
      defaultMessage: (args) => `Currency must be one of ${CURRENCIES.join(', ')}, got ${JSON.stringify(args?.value)}.`,
    },
  })
  curr_abbr?: unknown;

  @sent
  @ValidateBy({ name: 'shippingRates', validator: { validate: isShippingRatesWritten, defaultMessage: (args) => notShippingRates(args?.value) } })
  shipping_price?: unknown;

  @sent
  @ValidateBy({ name: 'amount', validator: { validate: isAmountWritten, defaultMessage: (args) => notAnAmount('Minimum order total', args?.value) } })
  min_order_total?: unknown;

  @sent @IsString({ message: 'Payment terms must be text.' }) payment?: unknown;
  @sent @IsString({ message: 'Shipping terms must be text.' }) shipping?: unknown;
}

/** Each body field's name in the use case's problems (the page's form names). */
const FIELD_OF: Readonly<Record<string, SellerSettingsField>> = {
  curr_abbr: 'currency',
  shipping_price: 'shippingPrice',
  min_order_total: 'minOrderTotal',
  payment: 'payment',
  shipping: 'shipping',
};

/**
 * The seller settings change a body carries, checked for its types: the fields accepted (a refused one left out) and
 * the problem of each refused field. A body that is not an object is refused at once (422).
 */
export function sellerSettingsChange(body: unknown): SellerSettingsChangeInput {
  const { dto, problems } = validateBody(SellerSettingsBody, body, {
    everyProblem: true,
    notAnObject: 'The body must be a JSON object of seller settings.',
  });
  const refused = new Set(problems.map((p) => p.field));
  const accepted = <T>(field: keyof SellerSettingsBody, value: T): T | undefined => (refused.has(field) ? undefined : value);
  return {
    fields: {
      currency: accepted('curr_abbr', currencyOf(dto.curr_abbr)),
      paymentTerms: accepted('payment', dto.payment as string | undefined),
      shippingTerms: accepted('shipping', dto.shipping as string | undefined),
      shippingPrice: accepted('shipping_price', dto.shipping_price as ShippingRatesWritten | null | undefined),
      minOrderTotal: accepted('min_order_total', dto.min_order_total as AmountWritten | null | undefined),
    },
    problems: problems.map((p): SellerSettingsProblem => ({ field: FIELD_OF[p.field]!, message: p.message })),
  };
}

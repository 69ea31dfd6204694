import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { SortedPageQuery } from '../pagination.js';
import { ORDER_SORTS } from '../../../domain/orders/order-sort.js';
import { Normalize, SortParameter } from '../query.js';

/** A timestamp's `+hh:mm` offset arrives as ` hh:mm` when a client leaves the `+` unencoded: put it back. */
const plusOffset = (value: string): string => value.replace(/ (\d{2}(:?\d{2})?)$/, '+$1');

/**
 * `GET /marketplace/orders` and `/marketplace/purchases`: a status filter (checked by the use case, which knows the
 * filter words), a sort (an unknown one ignored here, one the list does not take by the use case), created bounds as ISO 8601 timestamps, archived
 * (true or false), a direction, the page.
 */
export class OrderListQuery extends SortedPageQuery {
  @IsOptional()
  status?: string;

  @IsOptional()
  @Normalize(plusOffset)
  @IsISO8601({ strict: true }, { message: 'Invalid created_after: expected an ISO 8601 timestamp such as 2026-11-23T10:00:00Z, got "$value".' })
  created_after?: string;

  @IsOptional()
  @Normalize(plusOffset)
  @IsISO8601({ strict: true }, { message: 'Invalid created_before: expected an ISO 8601 timestamp such as 2026-11-23T10:00:00Z, got "$value".' })
  created_before?: string;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'Invalid archived: expected true or false, got "$value".' })
  archived?: string;

  @IsOptional()
  @SortParameter(ORDER_SORTS)
  sort?: string;
}

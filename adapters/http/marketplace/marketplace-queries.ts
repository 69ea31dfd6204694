import { IsIn, IsOptional } from 'class-validator';
import { CurrAbbr } from '../catalogue/catalogue-queries.js';
import { INVALID_STATUS_FILTER_MESSAGE, INVENTORY_STATUS_FILTERS } from '../../../domain/marketplace/listing-status.js';
import { INVENTORY_SORTS } from '../../../domain/marketplace/inventory-sort.js';
import { SortedPageQuery } from '../pagination.js';
import { anyCaseOf, Normalize, SortParameter } from '../query.js';

export { CurrencyQuery } from '../catalogue/catalogue-queries.js';

/** `GET /s/{name}/inventory`: a status filter in any letter case, a sort key (an unknown one ignored) and direction, and the page. */
export class InventoryQuery extends SortedPageQuery {
  @IsOptional()
  @Normalize(anyCaseOf(INVENTORY_STATUS_FILTERS))
  @IsIn(INVENTORY_STATUS_FILTERS, { message: INVALID_STATUS_FILTER_MESSAGE })
  status?: string;

  @IsOptional()
  @SortParameter(INVENTORY_SORTS)
  sort?: string;

  /** The currency prices are shown in (the caller's when left out), in any letter case. */
  @CurrAbbr()
  curr_abbr?: string;
}

import { IsIn, IsOptional } from 'class-validator';
import { CONTRIBUTION_SORTS, type ContributionSort } from '../../../application/contributions/read-models.js';
import { SortedPageQuery } from '../pagination.js';

/** `GET /s/{name}/contributions`: a sort key and direction, and the page. */
export class ContributionsQuery extends SortedPageQuery {
  @IsOptional()
  @IsIn(CONTRIBUTION_SORTS, { message: `Invalid sort: expected one of ${CONTRIBUTION_SORTS.join(', ')}, got "$value".` })
  sort?: ContributionSort;
}

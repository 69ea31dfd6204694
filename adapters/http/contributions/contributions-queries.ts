import { IsOptional } from 'class-validator';
import { CONTRIBUTION_SORTS, type ContributionSort } from '../../../application/contributions/read-models.js';
import { SortedPageQuery } from '../pagination.js';
import { SortParameter } from '../query.js';

/** `GET /s/{name}/contributions`: a sort key and direction, and the page. */
export class ContributionsQuery extends SortedPageQuery {
  @IsOptional()
  @SortParameter(CONTRIBUTION_SORTS)
  sort?: ContributionSort;
}

import { IsOptional } from 'class-validator';
import { COLLECTION_SORTS, type CollectionSort } from '../../../domain/collection/collection-sort.js';
import { SortedPageQuery } from '../pagination.js';
import { SortParameter } from '../query.js';

/** Lists of instances and wants: a sort key (default `added`; an unknown one ignored), a direction and a page. */
export class CollectionListQuery extends SortedPageQuery {
  @IsOptional()
  @SortParameter(COLLECTION_SORTS)
  sort?: string;

  sortKey(): CollectionSort {
    return (this.sort as CollectionSort | undefined) ?? 'added';
  }
}

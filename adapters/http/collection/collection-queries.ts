import { IsIn, IsOptional } from 'class-validator';
import { COLLECTION_SORTS, type CollectionSort } from '../../../domain/collection/collection-repository.js';
import { SortedPageQuery } from '../pagination.js';

/** Lists of instances and wants: a sort key (default `added`), a direction and a page. */
export class CollectionListQuery extends SortedPageQuery {
  @IsOptional()
  @IsIn(COLLECTION_SORTS, { message: `Invalid sort: expected one of ${COLLECTION_SORTS.join(', ')}, got "$value".` })
  sort?: string;

  sortKey(): CollectionSort {
    return (this.sort as CollectionSort | undefined) ?? 'added';
  }
}

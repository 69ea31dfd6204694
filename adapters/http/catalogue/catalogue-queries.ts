import { ArrayMaxSize, IsIn, IsOptional, Matches } from 'class-validator';
import { ARTIST_RELEASE_SORTS, VERSION_SORTS } from '../../../application/catalogue/read-models.js';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import { SortedPageQuery } from '../pagination.js';
import { currencyCode, Normalize, Repeated, SortParameter } from '../query.js';

/** An optional `curr_abbr`: one of the accepted currency codes, in any letter case. */
export function CurrAbbr(): PropertyDecorator {
  const decorators = [
    IsIn(CURRENCIES, { message: `Invalid curr_abbr: expected one of ${CURRENCIES.join(', ')}, got "$value".` }),
    IsOptional(),
    Normalize(currencyCode),
  ];
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

/** `GET /releases/{id}` and `/masters/{id}`: an optional currency for marketplace figures. */
export class CurrencyQuery {
  @CurrAbbr()
  curr_abbr?: string;
}

/** The most values one facet filter takes in one request. */
export const MAX_FACET_VALUES = 50;

const tooMany = (name: string) => ({ message: `Invalid ${name}: at most ${MAX_FACET_VALUES} values may be given.` });

/**
 * `GET /masters/{id}/versions`: the facet filters (each parameter may be repeated: `format=CD&format=LP`; a version
 * passes a facet with any of its values, see `VersionFilters`), a sort key and direction.
 */
export class VersionsQuery extends SortedPageQuery {
  @Repeated() @IsOptional() @ArrayMaxSize(MAX_FACET_VALUES, tooMany('format')) format?: string[];
  @Repeated() @IsOptional() @ArrayMaxSize(MAX_FACET_VALUES, tooMany('label')) label?: string[];
  @Repeated()
  @IsOptional()
  @ArrayMaxSize(MAX_FACET_VALUES, tooMany('released'))
  @Matches(/^\d{4}$/, { each: true, message: 'Invalid released: expected a year such as 1999, got "$value".' })
  released?: string[];
  @Repeated() @IsOptional() @ArrayMaxSize(MAX_FACET_VALUES, tooMany('country')) country?: string[];

  @IsOptional()
  @SortParameter(VERSION_SORTS)
  sort?: (typeof VERSION_SORTS)[number];
}

/** `GET /artists/{id}/releases`: a sort key and direction. */
export class ArtistReleasesQuery extends SortedPageQuery {
  @IsOptional()
  @SortParameter(ARTIST_RELEASE_SORTS)
  sort?: (typeof ARTIST_RELEASE_SORTS)[number];
}

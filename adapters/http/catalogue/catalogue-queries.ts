import { IsIn, IsOptional, Matches } from 'class-validator';
import { ARTIST_RELEASE_SORTS, VERSION_SORTS } from '../../../application/catalogue/read-models.js';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import { SortedPageQuery } from '../pagination.js';
import { currencyCode, Normalize } from '../query.js';

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

/** `GET /masters/{id}/versions`: exact-match filters, a sort key and direction. */
export class VersionsQuery extends SortedPageQuery {
  @IsOptional() format?: string;
  @IsOptional() label?: string;
  @IsOptional()
  @Matches(/^\d{4}$/, { message: 'Invalid released: expected a year such as 1999, got "$value".' })
  released?: string;
  @IsOptional() country?: string;

  @IsOptional()
  @IsIn(VERSION_SORTS, { message: `Invalid sort: expected one of ${VERSION_SORTS.join(', ')}, got "$value".` })
  sort?: (typeof VERSION_SORTS)[number];
}

/** `GET /artists/{id}/releases`: a sort key and direction. */
export class ArtistReleasesQuery extends SortedPageQuery {
  @IsOptional()
  @IsIn(ARTIST_RELEASE_SORTS, { message: `Invalid sort: expected one of ${ARTIST_RELEASE_SORTS.join(', ')}, got "$value".` })
  sort?: (typeof ARTIST_RELEASE_SORTS)[number];
}

import { IsIn, IsOptional, Matches } from 'class-validator';
import { ARTIST_RELEASE_SORTS, VERSION_SORTS } from '../../../application/catalogue/read-models.js';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import { SortedPageQuery } from '../pagination.js';
import { currencyCode, Normalize, SortParameter } from '../query.js';

/** `GET /releases/{id}` and `/masters/{id}`: an optional currency for marketplace figures, in any letter case. */
export class CurrencyQuery {
  @Normalize(currencyCode)
  @IsOptional()
  @IsIn(CURRENCIES, { message: `Invalid curr_abbr: expected one of ${CURRENCIES.join(', ')}, got "$value".` })
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
  @SortParameter(VERSION_SORTS)
  sort?: (typeof VERSION_SORTS)[number];
}

/** `GET /artists/{id}/releases`: a sort key and direction. */
export class ArtistReleasesQuery extends SortedPageQuery {
  @IsOptional()
  @SortParameter(ARTIST_RELEASE_SORTS)
  sort?: (typeof ARTIST_RELEASE_SORTS)[number];
}

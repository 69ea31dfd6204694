import { releaseOfTemplate, releaseTemplate, templateTracklist } from '../../../application/catalogue/release-document.js';
import type { StoredMarket } from '../../../application/ports/catalogue-reader.js';
import type { RatingTotals } from '../../../application/ports/community-figures.js';
import { peopleOfColumn, type ReleasePeople } from '../../../application/ports/release-people.js';
import type { Release } from '../../../domain/catalogue/release.js';
import { expandRelease } from './catalogue-documents.js';
import { unpackReleaseDocument } from './release-document-packing.js';

/**
 * What a release row holds of its record: the packed template (rows the import writes, ADR 0066), the template as text
 * (rows written before packing), or the compact document (rows written before templates). The older forms stay until
 * their release is imported again.
 */
export interface ReleaseDocumentRow {
  readonly packed_document: Uint8Array | null;
  readonly document: string | null;
  readonly data: Record<string, unknown> | string | null;
  readonly is_main_release: boolean;
}

/** The columns of `ReleaseDocumentRow`, as a select list (after `prefix`, a table alias with its dot). */
export const releaseDocumentColumns = (prefix = ''): string =>
  `${prefix}packed_document, ${prefix}document, ${prefix}data, ${prefix}is_main_release`;

/** Whether a row holds a release record in any form (a master's main release, a search hit's release: none when absent). */
export const holdsReleaseRecord = (row: Omit<ReleaseDocumentRow, 'is_main_release'>): boolean =>
  row.packed_document !== null || row.document !== null || row.data !== null;

/** A release row's record in the forms readers give: the domain release, its document template, and its tracklist. */
export interface ReleaseForms {
  release(): Release;
  template(): string;
  tracklist(): Release['tracklist'];
}

/**
 * Reads a release row in any of its stored forms, the one place that decodes them: a template (packed, or as text)
 * gives the release back by `releaseOfTemplate`; a compact document gives the template by `releaseTemplate`.
 */
export function releaseForms(row: ReleaseDocumentRow): ReleaseForms {
  const { packed_document: packed, document } = row;
  if (packed !== null || document !== null) {
    let text = document;
    const template = (): string => (text ??= unpackReleaseDocument(packed!));
    return {
      release: () => releaseOfTemplate(template(), row.is_main_release),
      template,
      tracklist: () => templateTracklist(template()),
    };
  }
  const data = row.data;
  if (data === null) throw new Error('a release row with neither a template nor a compact document');
  const release = (): Release =>
    expandRelease(typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : data);
  return { release, template: () => releaseTemplate(release()), tracklist: () => release().tracklist };
}

/** The counts a release row keeps: copies in collections and entries in wantlists (kept by the collection module). */
export interface HoldingColumns {
  readonly num_have: number | string;
  readonly num_want: number | string;
}

export interface StoredHoldings {
  readonly holdings: { readonly inCollection: number; readonly inWantlist: number };
}

function holdingsOf(row: HoldingColumns): StoredHoldings['holdings'] {
  return { inCollection: Number(row.num_have), inWantlist: Number(row.num_want) };
}

/** The rating totals a release row keeps: how many users rated it, and the sum of their ratings (kept by the ratings module). */
export interface RatingColumns {
  readonly rating_count: number | string;
  readonly rating_sum: number | string;
}

export interface StoredRatings {
  readonly ratings: RatingTotals;
}

function ratingsOf(row: RatingColumns): RatingTotals {
  return { count: Number(row.rating_count), sum: Number(row.rating_sum) };
}

/** The marketplace figures a release row keeps: copies for sale, the lowest price per currency (kept by the marketplace module). */
export interface MarketColumns {
  readonly num_for_sale: number | string;
  readonly lowest_prices: Record<string, number | string> | string | null;
}

export interface StoredMarketFigures {
  readonly market: StoredMarket;
}

function marketOf(row: MarketColumns): StoredMarket {
  const lowest = row.lowest_prices;
  return {
    numForSale: Number(row.num_for_sale),
    lowestPrices: lowest === null || lowest === undefined ? null : typeof lowest === 'string' ? (JSON.parse(lowest) as Record<string, string>) : lowest,
  };
}

/**
 * The columns of a release row that other modules keep (collection and wantlist counts, rating totals, market
 * figures), as one select list: both readers read them with the release, so a module that adds one adds it here.
 */
export const RELEASE_FIGURE_COLUMNS = 'num_have, num_want, rating_count, rating_sum, num_for_sale, lowest_prices, community_people';

/** The submitter and contributors a release row keeps (kept by the contributions module's trigger; null: no history). */
export interface PeopleColumns {
  readonly community_people: string | null;
}

export type ReleaseFigureColumns = HoldingColumns & RatingColumns & MarketColumns & PeopleColumns;
export type StoredReleaseFigures = StoredHoldings & StoredRatings & StoredMarketFigures & { readonly people: ReleasePeople };

/** The figures of a release row read with RELEASE_FIGURE_COLUMNS. */
export function releaseFiguresOf(row: ReleaseFigureColumns): StoredReleaseFigures {
  return { holdings: holdingsOf(row), ratings: ratingsOf(row), market: marketOf(row), people: peopleOfColumn(row.community_people) };
}

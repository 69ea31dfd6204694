import type { Currency } from '../../domain/marketplace/currency.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { ratingSummaryOf, summaryOf, type CommunityFigures, type CommunitySummary } from '../ports/community-figures.js';
import { checkedMarketSummary, type MarketFigures, type MarketSummary } from '../ports/market-figures.js';
import { ANONYMOUS, callerCurrency, isAuthenticated, type Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';
import { templateImages, templateNotes } from './release-document.js';
import type { Image } from '../../domain/catalogue/media.js';
import { NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import { NO_PEOPLE, NO_PEOPLE_READER, type ReleasePeople, type ReleasePeopleReader } from '../ports/release-people.js';

/** Which release, the currency for its marketplace figures and the text format of its notes. */
export interface GetReleaseInput {
  readonly releaseId: number;
  /** The currency asked for (`curr_abbr`); when left out, the caller's (see `callerCurrency`). */
  readonly currency?: Currency;
  readonly textFormat: TextFormat;
  /** Who asks; a user also gets their own collection counts. Anonymous when left out. */
  readonly caller?: Caller;
}

/**
 * A release as `GET /releases/{id}` shows it: the template of its document (see release-document.ts), its notes in
 * the asked text format, its marketplace and its community figures.
 */
export interface ReleaseView {
  readonly template: string;
  /** The notes in the asked format; undefined in markup, which the template holds as stored. */
  readonly notes: string | undefined;
  /** The image objects linked for the caller; undefined when the template's (link-less) images stand. */
  readonly images: readonly Image[] | undefined;
  readonly dateAdded: Date;
  readonly dateChanged: Date;
  readonly currency: Currency;
  readonly market: MarketSummary;
  readonly community: CommunitySummary;
  /** `community.submitter` and `community.contributors`, from the edit history. */
  readonly people: ReleasePeople;
}

/** Reads one release; throws NotFound("Release not found.") for an unknown id. */
export class GetRelease {
  private async linkedImages(template: string, releaseId: number, caller: Caller): Promise<Image[] | undefined> {
    const images = templateImages(template);
    return images.length === 0 ? undefined : this.imageLinks.links('release', releaseId, images, caller);
  }

  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly market: MarketFigures,
    private readonly community: CommunityFigures,
    private readonly text: TextRenderer,
    private readonly imageLinks: ImageLinks = NO_IMAGE_LINKS,
    private readonly people: ReleasePeopleReader = NO_PEOPLE_READER,
  ) {}

  async execute(input: GetReleaseInput): Promise<ReleaseView> {
    const stored = await this.catalogue.releaseDocument(input.releaseId);
    if (!stored) throw new NotFound('Release not found.');
    const userId = input.caller?.kind === 'user' ? input.caller.userId : null;
    const template = stored.record;
    const caller = input.caller ?? ANONYMOUS;
    const currency = callerCurrency(caller, input.currency);
    const { holdings, ratings, market: kept } = stored;
    // Started together.
    const notesRead = input.textFormat === 'markup' ? undefined : this.text.renderOne(templateNotes(template), input.textFormat);
    // The SQL readers keep the release's market figures in its row too; the rates come from the marketplace's cache.
    const marketRead = kept
      ? this.market.fromStored(kept.lowestPrices, kept.numForSale, currency)
      : this.market.forRelease(input.releaseId, currency);
    // The SQL readers keep the release's collection and wantlist counts and rating totals in its row: no second read
    // for them (the page shows no counts of the caller's own).
    const communityRead: CommunitySummary | Promise<CommunitySummary> =
      holdings && ratings
        ? { community: holdings, rating: ratingSummaryOf(ratings), user: null }
        : this.community.forReleases([input.releaseId], userId).then((answer) => summaryOf(answer, input.releaseId));
    // Only an authenticated caller can get links; the template's images (no links) serve everyone else as they are.
    const imagesRead = isAuthenticated(caller) ? this.linkedImages(template, input.releaseId, caller) : undefined;
    // The SQL readers keep the submitter and contributors in the row too (kept by the edit history's trigger).
    const peopleRead: ReleasePeople | Promise<ReleasePeople> =
      stored.people ?? this.people.forReleases([input.releaseId]).then((answer) => answer.get(input.releaseId) ?? NO_PEOPLE);
    // Nothing awaited at all when every part is at hand (an anonymous read in markup of a release with nothing for
    // sale in another currency: the hottest of all); the market figures alone when only they are pending.
    const [notes, market, community, images, people] =
      notesRead === undefined && imagesRead === undefined && !(communityRead instanceof Promise) && !(peopleRead instanceof Promise)
        ? [undefined, marketRead instanceof Promise ? await marketRead : marketRead, communityRead, undefined, peopleRead]
        : await Promise.all([notesRead, marketRead, communityRead, imagesRead, peopleRead]);
    return {
      template,
      notes,
      images,
      dateAdded: stored.dateAdded,
      dateChanged: stored.dateChanged,
      currency,
      market: checkedMarketSummary(market, currency),
      community,
      people,
    };
  }
}

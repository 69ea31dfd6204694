import type { Image } from '../../domain/catalogue/media.js';
import { NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import { ANONYMOUS, callerCurrency, type Caller } from '../shared/caller.js';
import type { Master } from '../../domain/catalogue/master.js';
import type { Track } from '../../domain/catalogue/release.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { checkedMarketSummary, type MarketFigures, type MarketSummary } from '../ports/market-figures.js';

/** Which master, and the currency for its marketplace figures. */
export interface GetMasterInput {
  readonly masterId: number;
  /** The currency asked for (`curr_abbr`); when left out, the caller's (see `callerCurrency`). */
  readonly currency?: Currency;
  /** Who asks: image links are for authenticated callers. Anonymous when left out. */
  readonly caller?: Caller;
}

/**
 * A master with the tracklist of its main release (the dumps carry none on masters) and marketplace figures. The
 * API shows no community figures on a master, so none are read.
 */
export interface MasterView {
  readonly master: Master;
  /** The master's image objects, linked for the caller. */
  readonly images: readonly Image[];
  readonly tracklist: readonly Track[];
  /** The most recent version's id (see `CatalogueReader.mostRecentVersion`), null when the master has no versions. */
  readonly mostRecentRelease: number | null;
  readonly currency: Currency;
  readonly market: MarketSummary;
}

/** Reads one master; throws NotFound("Master Release not found.") for an unknown id. */
export class GetMaster {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly market: MarketFigures,
    private readonly imageLinks: ImageLinks = NO_IMAGE_LINKS,
  ) {}

  async execute(input: GetMasterInput): Promise<MasterView> {
    const stored = await this.catalogue.masterDocument(input.masterId);
    if (!stored) throw new NotFound('Master Release not found.');
    const master = stored.record;
    const kept = stored.market;
    const currency = callerCurrency(input.caller, input.currency);
    const [market, images] = await Promise.all([
      // The SQL readers read the market figures over the versions with the master; the rates come from the cache.
      kept ? this.market.fromStored(kept.lowestPrices, kept.numForSale, currency) : this.market.forMaster(master.id, currency),
      this.imageLinks.links('master', master.id, master.images, input.caller ?? ANONYMOUS),
    ]);
    return {
      master,
      images,
      tracklist: stored.mainTracklist,
      mostRecentRelease: stored.mostRecentRelease,
      currency,
      market: checkedMarketSummary(market, currency),
    };
  }
}

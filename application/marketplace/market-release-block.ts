import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { NotFound } from '../errors.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** Finds a release's listings that are For Sale (ids only), for blocking it. */
export interface ForSaleListingsOfRelease {
  forSaleIds(releaseId: number): Promise<number[]>;
}

/** Block (with a reason) or unblock one release. */
export interface ReleaseMarketBlockInput {
  readonly releaseId: number;
  readonly blocked: boolean;
  readonly reason?: string;
}

/** What a block or unblock did: whether the release's state changed, and how many listings were suspended. */
export interface ReleaseMarketBlockResult {
  readonly changed: boolean;
  readonly suspended: number;
}

/**
 * The operator's block on selling a release (`spindle release-block` / `release-unblock`). Blocking records the block
 * and suspends every For Sale listing of the release (status Suspended, which its seller can only delete) in one
 * unit of work, so the release's figures show nothing for sale from the same commit; blocking again suspends
 * whatever is For Sale again. Unblocking lifts the block only: suspended listings stay suspended (their sellers list
 * again). Each listing suspended records `listing.changed` for its seller (the listing as Suspended) in the same unit
 * of work. Throws NotFound("Release not found.") for a release the catalogue does not have.
 */
export class ReleaseMarketBlock {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly blocked: BlockedReleases,
    private readonly listings: ListingRepository,
    private readonly forSale: ForSaleListingsOfRelease,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  async execute(input: ReleaseMarketBlockInput): Promise<ReleaseMarketBlockResult> {
    if (!(await this.catalogue.releaseDocument(input.releaseId))) throw new NotFound('Release not found.');
    const now = this.clock.now();
    return this.uow.run(async () => {
      const changed = await this.blocked.setBlocked(input.releaseId, input.blocked, (input.reason ?? '').trim(), now);
      if (!input.blocked) return { changed, suspended: 0 };
      const locked = await this.listings.lockForUpdate(await this.forSale.forSaleIds(input.releaseId));
      const suspended: Listing[] = [];
      for (const listing of locked) {
        if (!listing.canMove('suspend') || listing.releaseId !== input.releaseId) continue;
        listing.suspend(now);
        await this.listings.save(listing);
        suspended.push(listing);
      }
      await this.events.listings('listing.changed', suspended, now);
      return { changed, suspended: suspended.length };
    });
  }
}

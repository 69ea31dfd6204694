/** Releases the operator has blocked from sale: no new listing, no figures (`blocked_from_sale` in the stats). */
export interface BlockedReleases {
  isBlocked(releaseId: number): Promise<boolean>;
  /** Blocks (true) or unblocks (false) the release; returns whether anything changed. */
  setBlocked(releaseId: number, blocked: boolean, reason: string, at: Date): Promise<boolean>;
}

import type { SellerSettings } from './seller.js';

/** Stores sellers' marketplace settings, one row per user. Writes run inside the caller's `UnitOfWork`. */
export interface SellerRepository {
  /** The user's settings, or null when they never set any. */
  settingsOf(userId: number): Promise<SellerSettings | null>;
  /** Stores the settings, replacing the user's earlier ones. */
  put(settings: SellerSettings): Promise<void>;
}

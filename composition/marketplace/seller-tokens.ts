import type { GetSellerSettings } from '../../application/marketplace/get-seller-settings.js';
import type { SetSellerSettings } from '../../application/marketplace/set-seller-settings.js';
import { token } from '../token.js';

/** The sellers part of the marketplace module: reading and changing a user's seller settings. */
export const SELLERS = {
  GetSellerSettings: token<GetSellerSettings>('marketplace/GetSellerSettings'),
  SetSellerSettings: token<SetSellerSettings>('marketplace/SetSellerSettings'),
} as const;

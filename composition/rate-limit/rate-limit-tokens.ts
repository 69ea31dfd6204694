import type { RateLimitStore } from '../../application/ports/rate-limit-store.js';
import { token } from '../token.js';

export const RATE_LIMIT = {
  Store: token<RateLimitStore>('rate-limit/Store'),
} as const;

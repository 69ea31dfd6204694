import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122190833_identity } from './Migration20261122190833_identity.js';
import { Migration20261122192044_oauth } from './Migration20261122192044_oauth.js';
import { Migration20261122192658_web_sessions } from './Migration20261122192658_web_sessions.js';
import { Migration20261122200457_profiles } from './Migration20261122200457_profiles.js';
import { Migration20261207130000_password_resets } from './Migration20261207130000_password_resets.js';
import { Migration20261207150000_deleted_accounts } from './Migration20261207150000_deleted_accounts.js';
import { Migration20261207150200_application_details } from './Migration20261207150200_application_details.js';
import { Migration20261207190000_email_confirmation } from './Migration20261207190000_email_confirmation.js';

/** The identity module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const IDENTITY_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261122190833_identity', class: Migration20261122190833_identity },
  { name: 'Migration20261122192044_oauth', class: Migration20261122192044_oauth },
  { name: 'Migration20261122192658_web_sessions', class: Migration20261122192658_web_sessions },
  { name: 'Migration20261122200457_profiles', class: Migration20261122200457_profiles },
  { name: 'Migration20261207130000_password_resets', class: Migration20261207130000_password_resets },
  { name: 'Migration20261207150000_deleted_accounts', class: Migration20261207150000_deleted_accounts },
  { name: 'Migration20261207150200_application_details', class: Migration20261207150200_application_details },
  { name: 'Migration20261207190000_email_confirmation', class: Migration20261207190000_email_confirmation },
];

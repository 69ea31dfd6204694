import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122195126_images } from './Migration20261122195126_images.js';

/** The images module's migrations, in order (see the catalogue's `index.ts` for how modules list them). */
export const IMAGES_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration20261122195126_images', class: Migration20261122195126_images },
];

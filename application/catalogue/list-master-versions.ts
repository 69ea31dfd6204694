import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Page } from '../shared/page.js';
import type { MasterVersion, MasterVersionsQuery } from './read-models.js';

/** Lists a master's versions, filtered and sorted; throws NotFound("Master Release not found.") for an unknown id. */
export class ListMasterVersions {
  constructor(private readonly catalogue: CatalogueReader) {}

  async execute(input: { readonly masterId: number; readonly query: MasterVersionsQuery }): Promise<Page<MasterVersion>> {
    if (!(await this.catalogue.master(input.masterId))) throw new NotFound('Master Release not found.');
    return this.catalogue.masterVersions(input.masterId, input.query);
  }
}

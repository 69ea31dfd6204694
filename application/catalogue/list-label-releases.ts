import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { LabelReleaseEntry } from './read-models.js';

/** Lists the releases of a label (one entry per catalogue number); throws NotFound("Label not found."). */
export class ListLabelReleases {
  constructor(private readonly catalogue: CatalogueReader) {}

  async execute(input: { readonly labelId: number; readonly page: PageRequest }): Promise<Page<LabelReleaseEntry>> {
    if (!(await this.catalogue.label(input.labelId))) throw new NotFound('Label not found.');
    return this.catalogue.labelReleases(input.labelId, input.page);
  }
}

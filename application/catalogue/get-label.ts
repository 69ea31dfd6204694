import type { Label } from '../../domain/catalogue/label.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { TextRenderer } from '../text/text-renderer.js';

/** A label with the profile rendered in the asked text format. */
export interface LabelView {
  readonly label: Label;
  readonly profile: string;
}

/** Reads one label; throws NotFound("Label not found.") for an unknown id. */
export class GetLabel {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly text: TextRenderer,
  ) {}

  async execute(input: { readonly labelId: number; readonly textFormat: TextFormat }): Promise<LabelView> {
    const stored = await this.catalogue.label(input.labelId);
    if (!stored) throw new NotFound('Label not found.');
    return { label: stored.record, profile: await this.text.renderOne(stored.record.profile, input.textFormat) };
  }
}

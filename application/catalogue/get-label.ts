import type { Image } from '../../domain/catalogue/media.js';
import { NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import { ANONYMOUS, type Caller } from '../shared/caller.js';
import type { Label } from '../../domain/catalogue/label.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { TextRenderer } from '../text/text-renderer.js';

/** A label with the profile rendered in the asked text format. */
export interface LabelView {
  readonly label: Label;
  readonly profile: string;
  /** The label's image objects, linked for the caller. */
  readonly images: readonly Image[];
}

/** Reads one label; throws NotFound("Label not found.") for an unknown id. */
export class GetLabel {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly text: TextRenderer,
    private readonly imageLinks: ImageLinks = NO_IMAGE_LINKS,
  ) {}

  async execute(input: { readonly labelId: number; readonly textFormat: TextFormat; readonly caller?: Caller }): Promise<LabelView> {
    const stored = await this.catalogue.label(input.labelId);
    if (!stored) throw new NotFound('Label not found.');
    const [profile, images] = await Promise.all([
      this.text.renderOne(stored.record.profile, input.textFormat),
      this.imageLinks.links('label', stored.record.id, stored.record.images, input.caller ?? ANONYMOUS),
    ]);
    return { label: stored.record, profile, images };
  }
}

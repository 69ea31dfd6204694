import { parseMarkup, referencedIds, renderMarkup } from '../../domain/text/markup.js';
import type { NameResolver } from '../../domain/text/name-resolver.js';
import type { TextFormat } from '../../domain/text/text-format.js';

/**
 * Renders text fields that carry markup (profiles, notes, comments) in the format a caller asked for, resolving
 * every referenced id in one batch. The markup format returns the text unchanged without any lookup.
 */
export class TextRenderer {
  constructor(
    private readonly names: NameResolver,
    private readonly webUrl: string,
  ) {}

  async render(texts: readonly string[], format: TextFormat): Promise<string[]> {
    if (format === 'markup') return [...texts];
    const docs = texts.map((t) => parseMarkup(t));
    const wanted = { artists: new Set<number>(), labels: new Set<number>(), releases: new Set<number>(), masters: new Set<number>() };
    for (const doc of docs) {
      const ids = referencedIds(doc);
      ids.artists.forEach((id) => wanted.artists.add(id));
      ids.labels.forEach((id) => wanted.labels.add(id));
      ids.releases.forEach((id) => wanted.releases.add(id));
      ids.masters.forEach((id) => wanted.masters.add(id));
    }
    const anyIds = wanted.artists.size + wanted.labels.size + wanted.releases.size + wanted.masters.size > 0;
    const names = anyIds
      ? await this.names.names({
          artists: [...wanted.artists],
          labels: [...wanted.labels],
          releases: [...wanted.releases],
          masters: [...wanted.masters],
        })
      : undefined;
    return docs.map((doc) => renderMarkup(doc, format, { webUrl: this.webUrl, names }));
  }

  async renderOne(text: string, format: TextFormat): Promise<string> {
    const [out] = await this.render([text], format);
    return out!;
  }
}

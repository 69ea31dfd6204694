import { ContainerModule } from 'inversify';
import { TextRenderer } from '../../application/text/text-renderer.js';
import { CORE } from '../core/core-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { TEXT } from './text-tokens.js';

/** Text fields in the negotiated format (markup, html, plaintext), with ids resolved to names. */
export const textModule: SpindleModule = {
  name: 'text',
  bindings: () =>
    new ContainerModule(({ bind }) => {
      bind(TEXT.TextRenderer)
        .toResolvedValue((names, config) => new TextRenderer(names, config.webUrl), [TEXT.NameResolver, CORE.Config])
        .inSingletonScope();
    }),
};

import type { TextRenderer } from '../../application/text/text-renderer.js';
import type { NameResolver } from '../../domain/text/name-resolver.js';
import { token } from '../token.js';

export const TEXT = {
  /** Resolves the ids in markup to names; bound by the module that owns the names (the catalogue). */
  NameResolver: token<NameResolver>('text/NameResolver'),
  TextRenderer: token<TextRenderer>('text/TextRenderer'),
} as const;

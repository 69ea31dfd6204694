/**
 * Discogs text markup: parsing into a token tree and rendering to the
 * `markup`, `html` and `plaintext` text formats.
 *
 * Recognised tags (tag letters are case-insensitive, values are trimmed):
 * - `[a123]`, `[a=123]`, `[a=Name]` artist; `[l123]`, `[l=123]`, `[l=Name]`
 *   label; `[r123]`, `[r=123]` release; `[m123]`, `[m=123]` master. An
 *   all-digit value is always an id; ids must be positive safe integers.
 * - `[g1.2.3]` / `[g=1.2.3]` guideline section.
 * - `[url=http(s)://…]text[/url]`, `[url]http(s)://…[/url]`, `[img=http(s)://…]`.
 * - `[b]…[/b]`, `[i]…[/i]`, `[u]…[/u]`, `[s]…[/s]`.
 *
 * Anything else, including unbalanced or mis-nested pairs and links whose
 * target is not an absolute http(s) URL, is kept as literal text. Parsing
 * and rendering never throw, run in linear time and use no recursion, so
 * arbitrarily long or deeply nested input is safe.
 *
 * @packageDocumentation
 */

import type { EntityIds, EntityNames } from './name-resolver.js';
import type { TextFormat } from './text-format.js';

/** The entity types that markup can link to by id. */
export type MarkupEntity = 'artist' | 'label' | 'release' | 'master';

/** The inline formatting styles, named after their tag and HTML element. */
export type MarkupStyle = 'b' | 'i' | 'u' | 's';

/** Literal text, exactly as it appears in the source (never empty). */
export interface MarkupText {
  readonly kind: 'text';
  readonly text: string;
}

/** A link to an entity by id: `[a123]`, `[a=123]`, `[l123]`, `[r123]`, `[m123]`. */
export interface MarkupEntityId {
  readonly kind: 'entity-id';
  readonly entity: MarkupEntity;
  /** A positive safe integer. */
  readonly id: number;
}

/** A link to an artist or label by name: `[a=Name]`, `[l=Name]`. */
export interface MarkupEntityName {
  readonly kind: 'entity-name';
  readonly entity: 'artist' | 'label';
  /** Trimmed, non-empty and not all digits. */
  readonly name: string;
}

/** A reference to a submission guideline section: `[g1.2.3]`. */
export interface MarkupGuideline {
  readonly kind: 'guideline';
  /** Dot-separated decimal numbers, e.g. `1.2.3`. */
  readonly section: string;
}

/**
 * An external link. `[url=x]text[/url]` carries its parsed text as children;
 * `[url]x[/url]` (and `[url=x][/url]`) has no children and shows the URL.
 */
export interface MarkupLink {
  readonly kind: 'link';
  /** An absolute http(s) URL without whitespace or control characters. */
  readonly url: string;
  readonly children: readonly MarkupNode[];
}

/** An image reference: `[img=x]`. */
export interface MarkupImage {
  readonly kind: 'image';
  /** An absolute http(s) URL without whitespace or control characters. */
  readonly url: string;
}

/** Inline formatting around parsed children: `[b]…[/b]` and friends. */
export interface MarkupStyled {
  readonly kind: 'style';
  readonly style: MarkupStyle;
  readonly children: readonly MarkupNode[];
}

/** One node of a parsed markup tree. Adjacent text is always merged into one node. */
export type MarkupNode =
  | MarkupText
  | MarkupEntityId
  | MarkupEntityName
  | MarkupGuideline
  | MarkupLink
  | MarkupImage
  | MarkupStyled;

/**
 * The result of {@link parseMarkup}: the original source, kept so the
 * `markup` format can return it byte for byte, and its token tree.
 */
export interface MarkupDocument {
  readonly source: string;
  readonly nodes: readonly MarkupNode[];
}

/**
 * Options for {@link renderMarkup}. `webUrl` is the site origin that html
 * links point at (trailing slashes are ignored; empty gives root-relative
 * links). `names` holds display names for entity ids, typically from a
 * `NameResolver`; any map may be missing.
 */
export interface RenderOptions {
  readonly webUrl?: string;
  readonly names?: Partial<EntityNames>;
}

/**
 * Parses Discogs markup into a token tree. Total: every input yields a
 * document, unrecognised or unbalanced tags become text, and the text of
 * the tree (with tags) always corresponds to `source`.
 */
export function parseMarkup(source: string): MarkupDocument {
  const tokens = tokenize(source);
  pairTokens(tokens);
  return { source, nodes: buildTree(tokens) };
}

/**
 * Collects the distinct entity ids in markup (by-id references only;
 * by-name references need no lookup), ready to hand to a
 * `NameResolver`. Ids are listed in order of first appearance.
 */
export function referencedIds(markup: string | MarkupDocument): EntityIds {
  const doc = typeof markup === 'string' ? parseMarkup(markup) : markup;
  const seen: Record<MarkupEntity, Set<number>> = {
    artist: new Set(),
    label: new Set(),
    release: new Set(),
    master: new Set(),
  };
  const work: MarkupNode[] = [...doc.nodes].reverse();
  for (let node = work.pop(); node !== undefined; node = work.pop()) {
    if (node.kind === 'entity-id') {
      seen[node.entity].add(node.id);
    } else if (node.kind === 'link' || node.kind === 'style') {
      for (let k = node.children.length - 1; k >= 0; k--) work.push(node.children[k]!);
    }
  }
  return {
    artists: [...seen.artist],
    labels: [...seen.label],
    releases: [...seen.release],
    masters: [...seen.master],
  };
}

/**
 * Renders markup in the given text format. `markup` returns the source
 * unchanged. `html` escapes all text (`& < > " '`), turns each newline
 * (`\r\n`, `\n` or `\r`) into `<br />`, renders entities as links to
 * `{webUrl}/artist|label|release|master/{id or URL-encoded name}`,
 * guidelines as links to `{webUrl}/help/guidelines/{section}`, `[url]` and
 * `[img]` as links, and styles as `<b>`, `<i>`, `<u>`, `<s>`; links are
 * never nested (a link inside a link renders as its text only). `plaintext`
 * drops all tags, keeping link text (or the URL when there is none) and
 * entity names. An id without a name in `options.names` is shown as
 * `Artist 123`, `Label 123`, `Release 123` or `Master 123`; a guideline as
 * `Guideline 1.2.3`; an image as its URL.
 */
export function renderMarkup(
  markup: string | MarkupDocument,
  format: TextFormat,
  options: RenderOptions = {},
): string {
  if (format === 'markup') return typeof markup === 'string' ? markup : markup.source;
  const doc = typeof markup === 'string' ? parseMarkup(markup) : markup;
  return format === 'html' ? renderHtml(doc.nodes, options) : renderPlaintext(doc.nodes, options);
}

// ---------------------------------------------------------------------------
// Tokenizer

type Container = 'b' | 'i' | 'u' | 's' | 'url';

type Token =
  | { readonly t: 'text'; readonly text: string }
  | { readonly t: 'atom'; readonly node: MarkupNode }
  | { readonly t: 'open'; readonly kind: Container; readonly raw: string; readonly url?: string; pair: number }
  | { readonly t: 'close'; readonly kind: Container; readonly raw: string; pair: number };

type Classified =
  | { readonly t: 'atom'; readonly node: MarkupNode }
  | { readonly t: 'open'; readonly kind: Container; readonly url?: string }
  | { readonly t: 'close'; readonly kind: Container }
  | { readonly t: 'bare-url' };

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits the source into text, atoms and open/close tags. A tag candidate
 * runs from `[` to the next `]` and may not contain `[`, newlines or `]`;
 * since the scan stops at the next `[`, every character is visited a
 * bounded number of times.
 */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const n = source.length;
  let textStart = 0;
  let i = source.indexOf('[');
  const flushText = (end: number): void => {
    if (end > textStart) tokens.push({ t: 'text', text: source.slice(textStart, end) });
  };
  while (i >= 0) {
    let j = i + 1;
    while (j < n) {
      const c = source.charCodeAt(j);
      if (c === OPEN_BRACKET || c === CLOSE_BRACKET || c === LF || c === CR) break;
      j++;
    }
    const tag = j < n && source.charCodeAt(j) === CLOSE_BRACKET ? classify(source.slice(i + 1, j)) : null;
    let next = i + 1;
    if (tag === null) {
      // Not a tag: the '[' stays part of the current text run.
    } else if (tag.t === 'bare-url') {
      // `[url]x[/url]`: the content up to the next '[' must be a URL and
      // that '[' must start the closing tag; otherwise `[url]` is text.
      const contentEnd = source.indexOf('[', j + 1);
      const url = contentEnd < 0 ? '' : source.slice(j + 1, contentEnd).trim();
      if (isSafeUrl(url) && source.slice(contentEnd, contentEnd + 6).toLowerCase() === '[/url]') {
        flushText(i);
        tokens.push({ t: 'atom', node: { kind: 'link', url, children: [] } });
        textStart = next = contentEnd + 6;
      }
    } else {
      flushText(i);
      const raw = source.slice(i, j + 1);
      if (tag.t === 'atom') tokens.push(tag);
      else if (tag.t === 'open') tokens.push({ t: 'open', kind: tag.kind, raw, url: tag.url, pair: -1 });
      else tokens.push({ t: 'close', kind: tag.kind, raw, pair: -1 });
      textStart = next = j + 1;
    }
    i = next < n ? source.indexOf('[', next) : -1;
  }
  flushText(n);
  return tokens;
}

const STYLES: ReadonlySet<string> = new Set<MarkupStyle>(['b', 'i', 'u', 's']);
const ENTITY_LETTERS: Readonly<Record<string, MarkupEntity>> = {
  a: 'artist',
  l: 'label',
  r: 'release',
  m: 'master',
};
const DIGITS = /^[0-9]+$/;
const SECTION = /^[0-9]+(?:\.[0-9]+)*$/;

/** Classifies the text between `[` and `]`, or returns null when it is not a known tag. */
function classify(body: string): Classified | null {
  const lower = body.toLowerCase();
  if (STYLES.has(lower)) return { t: 'open', kind: lower as MarkupStyle };
  if (lower === 'url') return { t: 'bare-url' };
  if (lower.startsWith('/')) {
    const kind = lower.slice(1);
    return STYLES.has(kind) || kind === 'url' ? { t: 'close', kind: kind as Container } : null;
  }
  if (lower.startsWith('url=')) {
    const url = body.slice(4).trim();
    return isSafeUrl(url) ? { t: 'open', kind: 'url', url } : null;
  }
  if (lower.startsWith('img=')) {
    const url = body.slice(4).trim();
    return isSafeUrl(url) ? { t: 'atom', node: { kind: 'image', url } } : null;
  }
  const letter = lower.charAt(0);
  const hasEquals = body.charAt(1) === '=';
  const value = hasEquals ? body.slice(2).trim() : body.slice(1);
  if (letter === 'g') {
    return SECTION.test(value) ? { t: 'atom', node: { kind: 'guideline', section: value } } : null;
  }
  const entity = ENTITY_LETTERS[letter];
  if (entity === undefined || value === '') return null;
  if (DIGITS.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? { t: 'atom', node: { kind: 'entity-id', entity, id } } : null;
  }
  if (hasEquals && (entity === 'artist' || entity === 'label')) {
    return { t: 'atom', node: { kind: 'entity-name', entity, name: value } };
  }
  return null;
}

/**
 * True for an absolute http(s) URL with a non-empty remainder and no
 * whitespace or control characters. Everything else (notably `javascript:`
 * and other schemes) is refused, so links never carry script URLs.
 */
function isSafeUrl(url: string): boolean {
  const lower = url.slice(0, 8).toLowerCase();
  const rest = lower.startsWith('https://') ? 8 : lower.startsWith('http://') ? 7 : -1;
  if (rest < 0 || url.length <= rest) return false;
  for (let k = rest; k < url.length; k++) {
    const c = url.charCodeAt(k);
    if (c <= 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f) || c === 0xa0 || c === 0x2028 || c === 0x2029) {
      return false;
    }
  }
  return true;
}

/**
 * Pairs open and close tags with a stack. A close tag matches the nearest
 * open tag of its kind; open tags above it are left unpaired (they become
 * text), so mis-nesting never produces crossed elements. Per-kind counters
 * make each close tag without an opener O(1), keeping the whole pass linear.
 */
function pairTokens(tokens: Token[]): void {
  const stack: number[] = [];
  const open: Record<Container, number> = { b: 0, i: 0, u: 0, s: 0, url: 0 };
  tokens.forEach((token, index) => {
    if (token.t === 'open') {
      stack.push(index);
      open[token.kind]++;
    } else if (token.t === 'close' && open[token.kind] > 0) {
      for (;;) {
        const openIndex = stack.pop()!;
        const top = tokens[openIndex] as Extract<Token, { t: 'open' }>;
        open[top.kind]--;
        if (top.kind === token.kind) {
          top.pair = index;
          token.pair = openIndex;
          break;
        }
      }
    }
  });
}

/** Builds the node tree from paired tokens, turning unpaired tags into text. */
function buildTree(tokens: readonly Token[]): MarkupNode[] {
  const root: MarkupNode[] = [];
  const stack: MarkupNode[][] = [root];
  let current = root;
  const appendText = (text: string): void => {
    const last = current[current.length - 1];
    if (last?.kind === 'text') current[current.length - 1] = { kind: 'text', text: last.text + text };
    else current.push({ kind: 'text', text });
  };
  for (const token of tokens) {
    if (token.t === 'text') appendText(token.text);
    else if (token.t === 'atom') current.push(token.node);
    else if (token.pair < 0) appendText(token.raw);
    else if (token.t === 'open') {
      const children: MarkupNode[] = [];
      const node: MarkupNode =
        token.kind === 'url'
          ? { kind: 'link', url: token.url ?? '', children }
          : { kind: 'style', style: token.kind, children };
      current.push(node);
      stack.push(children);
      current = children;
    } else {
      stack.pop();
      current = stack[stack.length - 1]!;
    }
  }
  return root;
}

// ---------------------------------------------------------------------------
// Renderers

const FALLBACK_LABEL: Readonly<Record<MarkupEntity, string>> = {
  artist: 'Artist',
  label: 'Label',
  release: 'Release',
  master: 'Master',
};

const NAME_MAP_KEY: Readonly<Record<MarkupEntity, keyof EntityNames>> = {
  artist: 'artists',
  label: 'labels',
  release: 'releases',
  master: 'masters',
};

/** The display text of an entity-id node: its resolved name, or e.g. `Artist 123`. */
function entityText(node: MarkupEntityId, names: Partial<EntityNames> | undefined): string {
  return names?.[NAME_MAP_KEY[node.entity]]?.get(node.id) ?? `${FALLBACK_LABEL[node.entity]} ${node.id}`;
}

function guidelineText(node: MarkupGuideline): string {
  return `Guideline ${node.section}`;
}

/** Work item for the iterative renderers: a node (with link context) or literal output. */
type Work = { readonly node: MarkupNode; readonly inLink: boolean } | string;

function pushNodes(work: Work[], nodes: readonly MarkupNode[], inLink: boolean): void {
  for (let k = nodes.length - 1; k >= 0; k--) work.push({ node: nodes[k]!, inLink });
}

function renderPlaintext(nodes: readonly MarkupNode[], options: RenderOptions): string {
  const out: string[] = [];
  const work: Work[] = [];
  pushNodes(work, nodes, false);
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const node = item.node;
    switch (node.kind) {
      case 'text':
        out.push(node.text);
        break;
      case 'entity-id':
        out.push(entityText(node, options.names));
        break;
      case 'entity-name':
        out.push(node.name);
        break;
      case 'guideline':
        out.push(guidelineText(node));
        break;
      case 'image':
        out.push(node.url);
        break;
      case 'link':
        if (node.children.length === 0) out.push(node.url);
        else pushNodes(work, node.children, true);
        break;
      case 'style':
        pushNodes(work, node.children, item.inLink);
        break;
    }
  }
  return out.join('');
}

function renderHtml(nodes: readonly MarkupNode[], options: RenderOptions): string {
  const base = stripTrailingSlashes(options.webUrl ?? '');
  const out: string[] = [];
  const anchor = (href: string, text: string, inLink: boolean): void => {
    out.push(inLink ? escapeHtml(text) : `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`);
  };
  const work: Work[] = [];
  pushNodes(work, nodes, false);
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const { node, inLink } = item;
    switch (node.kind) {
      case 'text':
        out.push(escapeHtml(node.text));
        break;
      case 'entity-id':
        anchor(`${base}/${node.entity}/${node.id}`, entityText(node, options.names), inLink);
        break;
      case 'entity-name':
        anchor(`${base}/${node.entity}/${encodeURIComponent(toWellFormed(node.name))}`, node.name, inLink);
        break;
      case 'guideline':
        anchor(`${base}/help/guidelines/${node.section}`, guidelineText(node), inLink);
        break;
      case 'image':
        anchor(node.url, node.url, inLink);
        break;
      case 'link':
        if (node.children.length === 0) {
          anchor(node.url, node.url, inLink);
        } else if (inLink) {
          pushNodes(work, node.children, true);
        } else {
          out.push(`<a href="${escapeHtml(node.url)}">`);
          work.push('</a>');
          pushNodes(work, node.children, true);
        }
        break;
      case 'style':
        out.push(`<${node.style}>`);
        work.push(`</${node.style}>`);
        pushNodes(work, node.children, inLink);
        break;
    }
  }
  return out.join('');
}

const HTML_SPECIAL = /[&<>"']|\r\n?|\n/g;
const HTML_REPLACEMENT: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\r\n': '<br />',
  '\r': '<br />',
  '\n': '<br />',
};

/** Escapes HTML special characters and turns every newline into `<br />`. */
function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIAL, (match) => HTML_REPLACEMENT[match]!);
}

function stripTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end--;
  return url.slice(0, end);
}

/** Replaces lone UTF-16 surrogates with U+FFFD so `encodeURIComponent` cannot throw. */
function toWellFormed(text: string): string {
  let out = '';
  let start = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0xd800 || c > 0xdfff) continue;
    const d = text.charCodeAt(k + 1);
    if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      k++;
      continue;
    }
    out += text.slice(start, k) + '\ufffd';
    start = k + 1;
  }
  return start === 0 ? text : out + text.slice(start);
}

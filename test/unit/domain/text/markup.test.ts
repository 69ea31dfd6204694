import { expect } from 'chai';

import {
  parseMarkup,
  referencedIds,
  renderMarkup,
  type MarkupNode,
  type RenderOptions,
} from '../../../../domain/text/markup.js';
import type { EntityIds, EntityNames, NameResolver } from '../../../../domain/text/name-resolver.js';
import { isTextFormat, TEXT_FORMATS } from '../../../../domain/text/text-format.js';

const WEB = 'https://www.example.com';

const NAMES: EntityNames = {
  artists: new Map([
    [1, 'Carl Craig'],
    [2, `A <b>&"'</b>`],
  ]),
  labels: new Map([[10, 'Planet E']]),
  releases: new Map([[100, 'Landcruising']]),
  masters: new Map([[200, 'More Songs About Food']]),
};

const OPTIONS: RenderOptions = { webUrl: WEB, names: NAMES };

const CARL = `<a href="${WEB}/artist/1">Carl Craig</a>`;

interface Case {
  readonly name: string;
  readonly input: string;
  readonly html: string;
  readonly plaintext: string;
}

/** A case whose tags all stay literal text: plaintext is the input, html is the input escaped. */
const literal = (name: string, input: string): Case => ({ name, input, html: input, plaintext: input });

const CASES: readonly Case[] = [
  // Plain text
  { name: 'empty string', input: '', html: '', plaintext: '' },
  { name: 'plain text', input: 'hello world', html: 'hello world', plaintext: 'hello world' },

  // Artists
  { name: 'artist [a123]', input: '[a1]', html: CARL, plaintext: 'Carl Craig' },
  { name: 'artist [a=123]', input: '[a=1]', html: CARL, plaintext: 'Carl Craig' },
  { name: 'artist tag letter is case-insensitive', input: '[A1]', html: CARL, plaintext: 'Carl Craig' },
  { name: 'artist id with leading zeros', input: '[a001]', html: CARL, plaintext: 'Carl Craig' },
  {
    name: 'artist [a=Name]',
    input: '[a=Carl Craig]',
    html: `<a href="${WEB}/artist/Carl%20Craig">Carl Craig</a>`,
    plaintext: 'Carl Craig',
  },
  {
    name: 'artist [a=Name] is trimmed',
    input: '[a= Carl Craig ]',
    html: `<a href="${WEB}/artist/Carl%20Craig">Carl Craig</a>`,
    plaintext: 'Carl Craig',
  },
  {
    name: 'artist [a=Name] keeps the disambiguation suffix',
    input: '[a=Aphex Twin (2)]',
    html: `<a href="${WEB}/artist/Aphex%20Twin%20(2)">Aphex Twin (2)</a>`,
    plaintext: 'Aphex Twin (2)',
  },
  {
    name: 'artist id without a resolved name',
    input: '[a999]',
    html: `<a href="${WEB}/artist/999">Artist 999</a>`,
    plaintext: 'Artist 999',
  },

  // Labels
  { name: 'label [l123]', input: '[l10]', html: `<a href="${WEB}/label/10">Planet E</a>`, plaintext: 'Planet E' },
  { name: 'label [l=123]', input: '[l=10]', html: `<a href="${WEB}/label/10">Planet E</a>`, plaintext: 'Planet E' },
  {
    name: 'label [l=Name]',
    input: '[l=Warner Records]',
    html: `<a href="${WEB}/label/Warner%20Records">Warner Records</a>`,
    plaintext: 'Warner Records',
  },
  {
    name: 'label id without a resolved name',
    input: '[l11]',
    html: `<a href="${WEB}/label/11">Label 11</a>`,
    plaintext: 'Label 11',
  },

  // Releases and masters
  {
    name: 'release [r123]',
    input: '[r100]',
    html: `<a href="${WEB}/release/100">Landcruising</a>`,
    plaintext: 'Landcruising',
  },
  {
    name: 'release [r=123]',
    input: '[r=100]',
    html: `<a href="${WEB}/release/100">Landcruising</a>`,
    plaintext: 'Landcruising',
  },
  {
    name: 'release id without a resolved name',
    input: '[r101]',
    html: `<a href="${WEB}/release/101">Release 101</a>`,
    plaintext: 'Release 101',
  },
  {
    name: 'master [m123]',
    input: '[m200]',
    html: `<a href="${WEB}/master/200">More Songs About Food</a>`,
    plaintext: 'More Songs About Food',
  },
  {
    name: 'master id without a resolved name',
    input: '[m201]',
    html: `<a href="${WEB}/master/201">Master 201</a>`,
    plaintext: 'Master 201',
  },

  // Guidelines
  {
    name: 'guideline [g1.2.3]',
    input: 'See [g1.2.3].',
    html: `See <a href="${WEB}/help/guidelines/1.2.3">Guideline 1.2.3</a>.`,
    plaintext: 'See Guideline 1.2.3.',
  },
  {
    name: 'guideline [g=4]',
    input: '[g=4]',
    html: `<a href="${WEB}/help/guidelines/4">Guideline 4</a>`,
    plaintext: 'Guideline 4',
  },

  // External links and images
  {
    name: 'link [url=x]text[/url]',
    input: 'Visit [url=http://example.org/x?a=1&b=2]our site[/url]!',
    html: 'Visit <a href="http://example.org/x?a=1&amp;b=2">our site</a>!',
    plaintext: 'Visit our site!',
  },
  {
    name: 'link [url]x[/url]',
    input: '[url]https://example.org/page[/url]',
    html: '<a href="https://example.org/page">https://example.org/page</a>',
    plaintext: 'https://example.org/page',
  },
  {
    name: 'link [url]x[/url] is trimmed',
    input: '[url] https://example.org/ [/url]',
    html: '<a href="https://example.org/">https://example.org/</a>',
    plaintext: 'https://example.org/',
  },
  {
    name: 'link with empty text shows the URL',
    input: '[url=https://example.org][/url]',
    html: '<a href="https://example.org">https://example.org</a>',
    plaintext: 'https://example.org',
  },
  {
    name: 'link tags are case-insensitive',
    input: '[URL=HTTPS://example.org]x[/Url]',
    html: '<a href="HTTPS://example.org">x</a>',
    plaintext: 'x',
  },
  {
    name: 'link text may contain formatting and entities',
    input: '[url=http://x.org][b]B[/b] by [a1][/url]',
    html: '<a href="http://x.org"><b>B</b> by Carl Craig</a>',
    plaintext: 'B by Carl Craig',
  },
  {
    name: 'links are never nested in html',
    input: '[url=http://x.org]a[url=http://y.org]b[/url]c[g1][/url]',
    html: '<a href="http://x.org">abcGuideline 1</a>',
    plaintext: 'abcGuideline 1',
  },
  {
    name: 'image [img=x] renders as a link to the image',
    input: '[img=https://img.example.org/a.jpg]',
    html: '<a href="https://img.example.org/a.jpg">https://img.example.org/a.jpg</a>',
    plaintext: 'https://img.example.org/a.jpg',
  },
  {
    name: 'image inside a link',
    input: '[url=http://x.org][img=http://i.org/a.png][/url]',
    html: '<a href="http://x.org">http://i.org/a.png</a>',
    plaintext: 'http://i.org/a.png',
  },

  // Formatting
  { name: 'bold', input: '[b]bold[/b]', html: '<b>bold</b>', plaintext: 'bold' },
  { name: 'italic', input: '[i]italic[/i]', html: '<i>italic</i>', plaintext: 'italic' },
  { name: 'underline', input: '[u]under[/u]', html: '<u>under</u>', plaintext: 'under' },
  { name: 'strike', input: '[s]struck[/s]', html: '<s>struck</s>', plaintext: 'struck' },
  { name: 'uppercase style tags', input: '[B]x[/b]', html: '<b>x</b>', plaintext: 'x' },
  { name: 'empty style', input: 'a[b][/b]b', html: 'a<b></b>b', plaintext: 'ab' },
  { name: 'nested styles', input: '[b][i]x[/i][/b]', html: '<b><i>x</i></b>', plaintext: 'x' },
  {
    name: 'styles around entities',
    input: '[b][a1] & [l10][/b]',
    html: `<b>${CARL} &amp; <a href="${WEB}/label/10">Planet E</a></b>`,
    plaintext: 'Carl Craig & Planet E',
  },

  // Newlines
  { name: 'LF', input: 'a\nb', html: 'a<br />b', plaintext: 'a\nb' },
  { name: 'CRLF is one break', input: 'a\r\nb', html: 'a<br />b', plaintext: 'a\r\nb' },
  { name: 'lone CR', input: 'a\rb', html: 'a<br />b', plaintext: 'a\rb' },
  { name: 'blank line', input: 'a\r\n\r\nb\n\nc', html: 'a<br /><br />b<br /><br />c', plaintext: 'a\r\n\r\nb\n\nc' },
  { name: 'newline inside formatting', input: '[b]a\nb[/b]', html: '<b>a<br />b</b>', plaintext: 'a\nb' },

  // Escaping
  {
    name: 'html special characters in text',
    input: `<script>alert("x")</script> & 'q'`,
    html: '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;',
    plaintext: `<script>alert("x")</script> & 'q'`,
  },
  {
    name: 'existing entities are escaped, not decoded',
    input: 'a &amp; b &#13;',
    html: 'a &amp;amp; b &amp;#13;',
    plaintext: 'a &amp; b &#13;',
  },
  {
    name: 'html in a resolved name',
    input: '[a2]',
    html: `<a href="${WEB}/artist/2">A &lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;</a>`,
    plaintext: `A <b>&"'</b>`,
  },
  {
    name: 'html in a [a=Name]',
    input: '[a=<img src=x onerror=alert(1)>]',
    html: `<a href="${WEB}/artist/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E">&lt;img src=x onerror=alert(1)&gt;</a>`,
    plaintext: '<img src=x onerror=alert(1)>',
  },
  {
    name: 'quotes in a [l=Name]',
    input: `[l="x' onmouseover='y]`,
    html: `<a href="${WEB}/label/%22x&#39;%20onmouseover%3D&#39;y">&quot;x&#39; onmouseover=&#39;y</a>`,
    plaintext: `"x' onmouseover='y`,
  },
  {
    name: 'quotes in a link URL',
    input: '[url=http://x.org/"onclick="alert(1)]t[/url]',
    html: '<a href="http://x.org/&quot;onclick=&quot;alert(1)">t</a>',
    plaintext: 't',
  },
  {
    name: 'html in link text',
    input: '[url=http://x.org]<i>t</i>[/url]',
    html: '<a href="http://x.org">&lt;i&gt;t&lt;/i&gt;</a>',
    plaintext: '<i>t</i>',
  },

  // Unsafe URLs stay literal
  literal('javascript: link', '[url=javascript:alert(1)]x[/url]'),
  literal('JavaScript: link, any case', '[url=JaVaScRiPt:alert(1)]x[/url]'),
  literal('javascript: bare link', '[url]javascript:alert(1)[/url]'),
  literal('data: link', '[url=data:text/html,x]x[/url]'),
  literal('protocol-relative link', '[url=//evil.example]x[/url]'),
  literal('link without host', '[url=http://]x[/url]'),
  literal('link with a space', '[url=http://a.org/b c]x[/url]'),
  literal('link with a tab', '[url=http://a.org/\tb]x[/url]'),
  literal('javascript: image', '[img=javascript:alert(1)]'),
  literal('relative image', '[img=/a.png]'),
  literal('empty url=', '[url=]x[/url]'),
  literal('bare link with tags inside', '[url]http://a.org[b][/url]'),
  literal('bare link with text', '[url]see http://a.org[/url]'),
  literal('unclosed bare link', '[url]http://a.org'),
  {
    name: 'unsafe link with valid link inside',
    input: '[url=javascript:x][url=http://ok.org]ok[/url][/url]',
    html: '[url=javascript:x]<a href="http://ok.org">ok</a>[/url]',
    plaintext: '[url=javascript:x]ok[/url]',
  },

  // Unknown and malformed tags
  literal('unknown tag', '[foo]bar[/foo]'),
  literal('empty brackets', '[]'),
  literal('[a] without value', '[a]'),
  literal('[a=] without value', '[a=]'),
  literal('[a= ] with blank value', '[a= ]'),
  literal('[l=] without value', '[l=]'),
  literal('release by name is not a tag', '[r=Some Release]'),
  literal('master by name is not a tag', '[m=Some Master]'),
  literal('unknown entity letter', '[x123]'),
  literal('zero id', '[a0]'),
  literal('zero id with equals', '[a=0]'),
  literal('id beyond safe integers', '[a99999999999999999999]'),
  literal('id with suffix', '[a12x]'),
  literal('space before id', '[a 12]'),
  literal('guideline without section', '[g]'),
  literal('guideline with empty component', '[g1..2]'),
  literal('guideline with trailing dot', '[g1.]'),
  literal('guideline with letters', '[gabc]'),
  literal('lone brackets', '[ [[ ] ]]'),
  literal('closing tag without name', '[/]'),
  literal('unknown closing tag', '[/foo]'),
  literal('unclosed tag at end', 'text [a1'),
  {
    name: 'tag split by a newline',
    input: '[a=Carl\nCraig]',
    html: '[a=Carl<br />Craig]',
    plaintext: '[a=Carl\nCraig]',
  },
  { name: 'brackets around a tag', input: '[[a1]]', html: `[${CARL}]`, plaintext: '[Carl Craig]' },
  { name: 'bracket run before a tag', input: '[[[b]x[/b]', html: '[[<b>x</b>', plaintext: '[[x' },

  // Unbalanced and mis-nested formatting
  literal('unclosed bold', '[b]x'),
  literal('close without open', 'x[/b]'),
  literal('mismatched pair', '[b]x[/i]'),
  literal('unclosed link', '[url=http://a.org]x'),
  literal('close url without open', 'x[/url]'),
  {
    name: 'mis-nested styles: the inner unclosed tag stays text',
    input: '[b][i]x[/b][/i]',
    html: '<b>[i]x</b>[/i]',
    plaintext: '[i]x[/i]',
  },
  {
    name: 'extra open tag',
    input: '[b]a[b]b[/b]',
    html: '[b]a<b>b</b>',
    plaintext: '[b]ab',
  },
  {
    name: 'extra close tag',
    input: '[b]a[/b]b[/b]',
    html: '<b>a</b>b[/b]',
    plaintext: 'ab[/b]',
  },
  {
    name: 'unclosed style inside link',
    input: '[url=http://a.org][b]x[/url]',
    html: '<a href="http://a.org">[b]x</a>',
    plaintext: '[b]x',
  },
  {
    name: 'link closed inside a style',
    input: '[url=http://a.org]a[b]b[/url]c[/b]',
    html: '<a href="http://a.org">a[b]b</a>c[/b]',
    plaintext: 'a[b]bc[/b]',
  },
  {
    name: 'unbalanced html escaping still applies',
    input: '[b]<x>',
    html: '[b]&lt;x&gt;',
    plaintext: '[b]<x>',
  },

  // Real data
  {
    name: 'label profile from the dump',
    input:
      'Label Code: LC 0392 / LC 00392\r\n\r\nFounded in 1958 ... rebranded in May 2019 to simply [l=Warner Records].',
    html:
      'Label Code: LC 0392 / LC 00392<br /><br />Founded in 1958 ... rebranded in May 2019 to simply ' +
      `<a href="${WEB}/label/Warner%20Records">Warner Records</a>.`,
    plaintext: 'Label Code: LC 0392 / LC 00392\r\n\r\nFounded in 1958 ... rebranded in May 2019 to simply Warner Records.',
  },
  {
    name: 'artist profile from the dump',
    input: "[a=Carl Craig]'s classic techno label founded in 1991.",
    html: `<a href="${WEB}/artist/Carl%20Craig">Carl Craig</a>&#39;s classic techno label founded in 1991.`,
    plaintext: "Carl Craig's classic techno label founded in 1991.",
  },
];

/** html for an input whose text needs no markup handling: escaped literal text. */
function escapeForExpectation(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/\r\n|\r|\n/g, '<br />');
}

describe('domain/text/markup', () => {
  describe('renderMarkup', () => {
    for (const c of CASES) {
      describe(c.name, () => {
        it('markup: returns the input unchanged', () => {
          expect(renderMarkup(c.input, 'markup', OPTIONS)).to.equal(c.input);
          expect(renderMarkup(parseMarkup(c.input), 'markup', OPTIONS)).to.equal(c.input);
        });
        it('html', () => {
          const expected = c.html === c.input ? escapeForExpectation(c.input) : c.html;
          expect(renderMarkup(c.input, 'html', OPTIONS)).to.equal(expected);
          expect(renderMarkup(parseMarkup(c.input), 'html', OPTIONS)).to.equal(expected);
        });
        it('plaintext', () => {
          expect(renderMarkup(c.input, 'plaintext', OPTIONS)).to.equal(c.plaintext);
          expect(renderMarkup(parseMarkup(c.input), 'plaintext', OPTIONS)).to.equal(c.plaintext);
        });
      });
    }

    it('ignores trailing slashes on webUrl', () => {
      expect(renderMarkup('[r100]', 'html', { webUrl: `${WEB}//`, names: NAMES })).to.equal(
        `<a href="${WEB}/release/100">Landcruising</a>`,
      );
    });

    it('renders root-relative links without webUrl', () => {
      expect(renderMarkup('[a1] [g1.2]', 'html', { names: NAMES })).to.equal(
        '<a href="/artist/1">Carl Craig</a> <a href="/help/guidelines/1.2">Guideline 1.2</a>',
      );
    });

    it('escapes webUrl in hrefs', () => {
      expect(renderMarkup('[m7]', 'html', { webUrl: 'https://x.org/"><script>' })).to.equal(
        '<a href="https://x.org/&quot;&gt;&lt;script&gt;/master/7">Master 7</a>',
      );
    });

    const unresolved: readonly [string, RenderOptions | undefined][] = [
      ['no options', undefined],
      ['no names', { webUrl: WEB }],
      ['partial names', { webUrl: WEB, names: { artists: new Map([[5, 'Five']]) } }],
    ];
    for (const [label, options] of unresolved) {
      it(`falls back to generic labels with ${label}`, () => {
        const text = '[a1] [l2] [r3] [m4]';
        expect(renderMarkup(text, 'plaintext', options)).to.equal('Artist 1 Label 2 Release 3 Master 4');
        const base = options?.webUrl ?? '';
        expect(renderMarkup(text, 'html', options)).to.equal(
          `<a href="${base}/artist/1">Artist 1</a> <a href="${base}/label/2">Label 2</a> ` +
            `<a href="${base}/release/3">Release 3</a> <a href="${base}/master/4">Master 4</a>`,
        );
      });
    }

    it('does not throw on lone surrogates in names', () => {
      expect(renderMarkup('[a=x\uD800y]', 'html', OPTIONS)).to.equal(
        `<a href="${WEB}/artist/x%EF%BF%BDy">x\uD800y</a>`,
      );
      expect(renderMarkup('[a=\uDC00\uD83D\uDE00]', 'html', OPTIONS)).to.equal(
        `<a href="${WEB}/artist/%EF%BF%BD%F0%9F%98%80">\uDC00\uD83D\uDE00</a>`,
      );
    });
  });

  describe('parseMarkup', () => {
    it('builds a token tree', () => {
      const doc = parseMarkup('Hi [b][a=Carl Craig] on [url=http://x.org][l10][/url][/b] [r1][m2][g1.2][img=http://i.org/a]');
      const expected: MarkupNode[] = [
        { kind: 'text', text: 'Hi ' },
        {
          kind: 'style',
          style: 'b',
          children: [
            { kind: 'entity-name', entity: 'artist', name: 'Carl Craig' },
            { kind: 'text', text: ' on ' },
            { kind: 'link', url: 'http://x.org', children: [{ kind: 'entity-id', entity: 'label', id: 10 }] },
          ],
        },
        { kind: 'text', text: ' ' },
        { kind: 'entity-id', entity: 'release', id: 1 },
        { kind: 'entity-id', entity: 'master', id: 2 },
        { kind: 'guideline', section: '1.2' },
        { kind: 'image', url: 'http://i.org/a' },
      ];
      expect(doc.nodes).to.deep.equal(expected);
      expect(doc.source).to.equal(
        'Hi [b][a=Carl Craig] on [url=http://x.org][l10][/url][/b] [r1][m2][g1.2][img=http://i.org/a]',
      );
    });

    it('represents [url]x[/url] as a link without children', () => {
      expect(parseMarkup('[url]http://a.org[/url]').nodes).to.deep.equal([
        { kind: 'link', url: 'http://a.org', children: [] },
      ]);
    });

    it('merges unmatched tags and surrounding text into one text node', () => {
      expect(parseMarkup('a[b]b[foo]c[/i]d[').nodes).to.deep.equal([{ kind: 'text', text: 'a[b]b[foo]c[/i]d[' }]);
    });

    it('returns no nodes for the empty string', () => {
      expect(parseMarkup('').nodes).to.deep.equal([]);
    });
  });

  describe('referencedIds', () => {
    const cases: readonly [string, string, EntityIds][] = [
      ['no markup', 'plain', { artists: [], labels: [], releases: [], masters: [] }],
      [
        'every entity type, deduplicated in first-appearance order',
        '[a3] [a1] [a=3] [l=7] [l7] [r5] [m6] [a3] [A1]',
        { artists: [3, 1], labels: [7], releases: [5], masters: [6] },
      ],
      [
        'ids nested in formatting and links',
        '[b][i][a1][/i][/b] [url=http://x.org][r2][/url]',
        { artists: [1], labels: [], releases: [2], masters: [] },
      ],
      [
        'ignores by-name references, guidelines and invalid tags',
        '[a=Carl Craig] [l=Planet E] [g1.2] [a0] [r=x] [x5] [a12',
        { artists: [], labels: [], releases: [], masters: [] },
      ],
      [
        'includes ids inside unbalanced formatting',
        '[b][a4] [m8]',
        { artists: [4], labels: [], releases: [], masters: [8] },
      ],
    ];
    for (const [name, input, expected] of cases) {
      it(name, () => {
        expect(referencedIds(input)).to.deep.equal(expected);
        expect(referencedIds(parseMarkup(input))).to.deep.equal(expected);
      });
    }

    it('works with a NameResolver end to end', async () => {
      const asked: EntityIds[] = [];
      const resolver: NameResolver = {
        async names(ids) {
          asked.push(ids);
          return {
            artists: new Map(ids.artists.filter((id) => id === 1).map((id) => [id, 'Carl Craig'] as const)),
            labels: new Map(),
            releases: new Map(),
            masters: new Map(),
          };
        },
      };
      const doc = parseMarkup('[a1] with [a2] on [l3]');
      const names = await resolver.names(referencedIds(doc));
      expect(asked).to.deep.equal([{ artists: [1, 2], labels: [3], releases: [], masters: [] }]);
      expect(renderMarkup(doc, 'plaintext', { names })).to.equal('Carl Craig with Artist 2 on Label 3');
    });
  });

  describe('robustness', () => {
    const SIZE = 200_000;
    const big: readonly [string, string][] = [
      ['open brackets', '['.repeat(SIZE)],
      ['close brackets', ']'.repeat(SIZE)],
      ['unbalanced [b] run', '[b]'.repeat(SIZE / 3)],
      ['unbalanced [/b] run', '[/b]'.repeat(SIZE / 4)],
      ['alternating unmatched opens and closes', '[b][i][/u]'.repeat(SIZE / 10)],
      ['deeply nested balanced styles', '[b]'.repeat(SIZE / 8) + 'x' + '[/b]'.repeat(SIZE / 8)],
      ['deeply nested links', '[url=http://a.b]'.repeat(SIZE / 32) + 'x' + '[/url]'.repeat(SIZE / 32)],
      ['many open [url] tags', '[url]'.repeat(SIZE / 5)],
      ['[url] followed by a long non-URL', '[url]' + 'x'.repeat(SIZE)],
      ['a single long tag', '[a=' + 'x'.repeat(SIZE) + ']'],
      ['a long unterminated tag', '[a=' + 'x'.repeat(SIZE)],
      ['open then many closes', '[b]' + '[/i]'.repeat(SIZE / 4) + '[/b]'],
      ['mixed junk', '[[a1][b][url=http://x][/b]]['.repeat(SIZE / 27)],
    ];
    for (const [name, input] of big) {
      it(`handles ${name} (${input.length} chars)`, () => {
        expect(renderMarkup(input, 'markup')).to.equal(input);
        expect(renderMarkup(input, 'html', OPTIONS)).to.be.a('string');
        expect(renderMarkup(input, 'plaintext', OPTIONS)).to.be.a('string');
        expect(referencedIds(input)).to.be.an('object');
      });
    }

    it('keeps text without tags unchanged in plaintext', () => {
      expect(renderMarkup('['.repeat(1000), 'plaintext')).to.equal('['.repeat(1000));
      expect(renderMarkup('[b]'.repeat(1000), 'plaintext')).to.equal('[b]'.repeat(1000));
    });

    it('renders deep nesting correctly', () => {
      const depth = 20_000;
      const html = renderMarkup('[i]'.repeat(depth) + 'x' + '[/i]'.repeat(depth), 'html');
      expect(html).to.equal('<i>'.repeat(depth) + 'x' + '</i>'.repeat(depth));
    });

    it('never throws and always emits well-formed, safe html for random input', () => {
      const fragments = [
        '[', ']', '/', '=', 'a', 'b', 'i', 'u', 's', 'l', 'r', 'm', 'g', 'url', 'img', '1', '2', '.', ' ',
        '\n', '\r', '<', '>', '&', '"', "'", 'http://x.org', 'javascript:', '[b]', '[/b]', '[i]', '[/i]',
        '[url=http://a.org]', '[url=javascript:1]', '[url]', '[/url]', '[a1]', '[a=<x>]', '[img=http://i.org]',
        '[g1.2]', '\uD800',
      ];
      let seed = 12345;
      const random = (n: number): number => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const allowedTag = /^<(?:\/?[bius]|\/a|a href="https?:\/\/[^"<>]*"|a href="\/(?:artist|label|release|master|help\/guidelines)\/[^"<>]*"|br \/)>$/;
      for (let round = 0; round < 2000; round++) {
        let input = '';
        const length = random(40);
        for (let k = 0; k < length; k++) input += fragments[random(fragments.length)];
        const html = renderMarkup(input, 'html', { names: NAMES });
        renderMarkup(input, 'plaintext', { names: NAMES });
        const stack: string[] = [];
        for (const tag of html.match(/<[^>]*>?/g) ?? []) {
          expect(tag, `tag in html for ${JSON.stringify(input)}`).to.match(allowedTag);
          if (tag === '<br />') continue;
          const name = tag.slice(1).replace(/^\//, '').split(/[ >]/)[0]!;
          if (tag.startsWith('</')) expect(stack.pop(), `nesting for ${JSON.stringify(input)}`).to.equal(name);
          else {
            if (name === 'a') expect(stack, `nested link for ${JSON.stringify(input)}`).not.to.include('a');
            stack.push(name);
          }
        }
        expect(stack, `unclosed tags for ${JSON.stringify(input)}`).to.deep.equal([]);
      }
    });
  });
});

describe('domain/text/text-format', () => {
  it('lists the three formats', () => {
    expect(TEXT_FORMATS).to.deep.equal(['markup', 'html', 'plaintext']);
  });

  const cases: readonly [unknown, boolean][] = [
    ['markup', true],
    ['html', true],
    ['plaintext', true],
    ['HTML', false],
    ['discogs', false],
    ['', false],
    [undefined, false],
    [1, false],
  ];
  for (const [value, expected] of cases) {
    it(`isTextFormat(${JSON.stringify(value)}) is ${expected}`, () => {
      expect(isTextFormat(value)).to.equal(expected);
    });
  }
});

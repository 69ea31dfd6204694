import { expect } from 'chai';
import { XmlScanError, XmlScanner } from '../../../../adapters/catalogue/dump/xml-scanner.js';

/** The events of a document, fed in chunks of `chunk` characters; adjacent texts are joined. */
function events(xml: string, chunk = xml.length): string[] {
  const out: string[] = [];
  const scanner = new XmlScanner({
    open: (name, attributes) => {
      let tag = `<${name}`;
      for (let i = 0; i < attributes.length; i += 2) tag += ` ${attributes[i]}=${attributes[i + 1]}`;
      out.push(`${tag}>`);
    },
    close: () => out.push('</>'),
    text: (text) => {
      const last = out.length - 1;
      if (out[last]?.startsWith('"')) out[last] = `${out[last]!.slice(0, -1)}${text}"`;
      else out.push(`"${text}"`);
    },
  });
  for (let i = 0; i < xml.length; i += chunk) scanner.write(xml.slice(i, i + chunk));
  scanner.end();
  return out;
}

function scanError(xml: string): XmlScanError {
  try {
    events(xml);
  } catch (err) {
    expect(err).to.be.instanceOf(XmlScanError);
    return err as XmlScanError;
  }
  throw new Error('no error');
}

describe('XmlScanner', () => {
  const doc =
    '<?xml version="1.0"?>\n<!DOCTYPE r>\n<r a="1 &amp; 2" b=\'&lt;x&gt;\'>t&#233;&#x4E2D;&quot;&apos;' +
    '<e/><f g = "h\tline\r\nbreak"></f ><!-- c --><![CDATA[<raw>&amp;]]>a\r\nb\rc</r>\n';

  it('reports elements, attributes and decoded text', () => {
    expect(events(doc)).to.deep.equal([
      '<r a=1 & 2 b=<x>>',
      '"té中"\'"',
      '<e>',
      '</>',
      '<f g=h line break>',
      '</>',
      '"<raw>&amp;a\nb\nc"',
      '</>',
    ]);
  });

  it('gives the same events whatever the chunk boundaries', () => {
    const whole = events(doc);
    for (const size of [1, 2, 3, 5, 7, 11]) expect(events(doc, size), `chunks of ${size}`).to.deep.equal(whole);
  });

  it('refuses what is not well-formed, with the line and column', () => {
    expect(scanError('<a>\n  <b></a>')).to.include({ line: 2, column: 6, reason: 'end tag </a> does not match <b>' });
    expect(scanError('<a><b>').reason).to.equal('unexpected end of input: <b> is not closed');
    expect(scanError('<a></a><b/>').reason).to.equal('more than one root element');
    expect(scanError('<a></a>x').reason).to.equal('text after the root element');
    expect(scanError('<a x="1" x="2"/>').reason).to.equal('attribute x is repeated');
    expect(scanError('<a x=1/>').reason).to.equal('the value of attribute x is not quoted');
    expect(scanError('<a>&nbsp;</a>').reason).to.equal('unknown entity &nbsp;');
    expect(scanError('<a>AT&T</a>').reason).to.equal('invalid entity or character reference');
    expect(scanError('<a>&#xD800;</a>').reason).to.equal('character reference &#xD800; is not an XML character');
    expect(scanError('<a><1/></a>').reason).to.equal('invalid element name');
    expect(scanError('<a x="<"/>').reason).to.equal('< in the value of attribute x');
    expect(scanError('<a></a').reason).to.equal('unexpected end of input inside markup');
    expect(scanError('').reason).to.equal('the document has no root element');
  });

  it('tells where each child of the root starts, when it closes, however the text comes in chunks', () => {
    const xml = '<r>\n  <a>one\ntwo</a>\n<b x="1"/><c>\n\n<d/></c>\n   <e>' + 'x'.repeat(50) + '</e></r>';
    const positions = (chunk: number): string[] => {
      const out: string[] = [];
      let depth = 0;
      const scanner: XmlScanner = new XmlScanner({
        open: () => void depth++,
        close: () => {
          if (--depth === 1) {
            const { line, column } = scanner.childPosition();
            out.push(`${line}:${column}`);
          }
        },
        text: () => undefined,
      });
      for (let i = 0; i < xml.length; i += chunk) scanner.write(xml.slice(i, i + chunk));
      scanner.end();
      return out;
    };
    expect(positions(xml.length)).to.deep.equal(['2:3', '4:1', '4:11', '7:4']);
    for (const size of [1, 2, 3, 7, 16]) expect(positions(size), `chunks of ${size}`).to.deep.equal(positions(xml.length));
  });
});

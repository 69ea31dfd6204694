import { expect } from 'chai';
import { BinaryCopyBuffer } from '../../../../adapters/persistence/catalogue/binary-copy-buffer.js';
import { documentObject } from '../../../../adapters/persistence/catalogue/document-object.js';

interface Shape {
  readonly id: number;
  readonly name: string;
  readonly kind: 'a' | 'b';
  readonly parent: number | null;
  readonly tags: readonly string[];
  readonly flag: boolean;
  readonly count: number;
}

/** The JSON text written into a one-field COPY row. */
function written(write: (out: BinaryCopyBuffer) => void): string {
  const out = new BinaryCopyBuffer(64);
  out.row(1).beginJson();
  write(out);
  out.endJson();
  return out.chunks()[1]!.toString('utf8', 6);
}

const full = (out: BinaryCopyBuffer, s: Shape): void =>
  documentObject<Shape>(out)
    .num('id', s.id)
    .str('name', s.name)
    .strUnless('kind', s.kind, 'a')
    .intOrNull('parent', s.parent)
    .strings('tags', s.tags)
    .bool('flag', s.flag)
    .int('count', s.count)
    .end();

describe('Stored documents: DocumentObject', () => {
  it('writes each field, leaving out defaults and implied values', () => {
    const empty: Shape = { id: 0, name: '', kind: 'a', parent: null, tags: [], flag: false, count: 0 };
    expect(written((out) => full(out, empty))).to.equal('{"id":0}');
    const all: Shape = { id: 3, name: 'n "q"', kind: 'b', parent: 0, tags: ['x', 'y'], flag: true, count: -2 };
    expect(JSON.parse(written((out) => full(out, all)))).to.deep.equal(all);
  });

  it('nests objects through `with`', () => {
    interface Outer {
      readonly inner: { readonly v: number } | null;
      readonly after: string;
    }
    const text = written((out) =>
      documentObject<Outer>(out)
        .with('inner', { v: 1 }, (o, key, inner) => {
          if (inner) documentObject<{ v: number }>(o.jKey(key)).int('v', inner.v).end();
        })
        .str('after', 'z')
        .end(),
    );
    expect(text).to.equal('{"inner":{"v":1},"after":"z"}');
  });

  it('does not compile unless every field is written, once, with a value of its type', () => {
    // The checks are the compiler's: each line below must fail to compile (or the build fails on the directive).
    const out = new BinaryCopyBuffer(64);
    const s: Shape = { id: 1, name: '', kind: 'a', parent: null, tags: [], flag: false, count: 0 };
    const started = (): void => {
      const partly = documentObject<Shape>(out).num('id', s.id).str('name', s.name).strUnless('kind', s.kind, 'a');
      const allButCount = partly.intOrNull('parent', s.parent).strings('tags', s.tags).bool('flag', s.flag);
      // @ts-expect-error: `count` is not written, so the object has no `end`
      allButCount.end();
      // @ts-expect-error: `name` is written twice
      documentObject<Shape>(out).str('name', s.name).str('name', s.name);
      // @ts-expect-error: `name` is not a number
      documentObject<Shape>(out).int('name', 1);
      // @ts-expect-error: `unknown` is not a field of Shape
      documentObject<Shape>(out).str('unknown', '');
    };
    expect(started).to.be.a('function');
  });
});

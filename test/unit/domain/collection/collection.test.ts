import { expect } from 'chai';
import { ALL_FOLDER, Collection, folderName, UNCATEGORIZED_FOLDER, type FieldSpec } from '../../../../domain/collection/collection.js';
import { Instance } from '../../../../domain/collection/instance.js';
import { DEFAULT_FIELDS, noteValue, type NotesField } from '../../../../domain/collection/notes-fields.js';
import { ratingOf } from '../../../../domain/collection/rating.js';
import { Want } from '../../../../domain/collection/want.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

/** Runs `work`, expecting a refusal of the collection rules of that kind and message. */
function refused(work: () => unknown, problem: 'invalid' | 'not-found', message?: RegExp): void {
  try {
    work();
  } catch (err) {
    expect(err).to.be.instanceOf(Refusal);
    expect((err as Refusal).kind).to.equal(problem);
    if (message) expect((err as Error).message).to.match(message);
    return;
  }
  expect.fail('the rule let it through');
}

/** A collection with folder 2 "Vinyl" holding 3 instances and folder 3 "Empty" holding none. */
function shelved(): Collection {
  return Collection.restore(
    7,
    [
      { id: 1, name: 'Uncategorized', count: 2 },
      { id: 2, name: 'Vinyl', count: 3 },
      { id: 3, name: 'Empty', count: 0 },
    ],
    DEFAULT_FIELDS,
    { collectionPublic: true, wantlistPublic: true },
  );
}

describe('Collection (domain)', () => {
  describe('folders', () => {
    it('starts with "All" (virtual, counting everything) and "Uncategorized"', () => {
      expect(Collection.fresh(1).folders).to.deep.equal([
        { id: 0, name: 'All', count: 0 },
        { id: 1, name: 'Uncategorized', count: 0 },
      ]);
      expect(shelved().folder(ALL_FOLDER).count).to.equal(5);
    });

    it('always has folder 1, even when the store left it out', () => {
      const c = Collection.restore(1, [{ id: 4, name: 'X', count: 1 }], DEFAULT_FIELDS, { collectionPublic: true, wantlistPublic: true });
      expect(c.folders.map((f) => f.id)).to.deep.equal([0, 1, 4]);
    });

    const names: Array<[string, string | RegExp]> = [
      ['  Jazz  ', 'Jazz'],
      ['x'.repeat(100), 'x'.repeat(100)],
      ['', /may not be empty/],
      ['   ', /may not be empty/],
      ['x'.repeat(101), /at most 100/],
    ];
    for (const [raw, expected] of names) {
      it(`folder name ${JSON.stringify(raw)?.slice(0, 20)} → ${String(expected).slice(0, 20)}`, () => {
        if (typeof expected === 'string') expect(folderName(raw)).to.equal(expected);
        else refused(() => folderName(raw), 'invalid', expected);
      });
    }

    const creations: Array<[string, string, 'ok' | RegExp]> = [
      ['a new name', 'Jazz', 'ok'],
      ['a name taken, in another case', 'vinyl', /folder named "Vinyl" exists/],
      ['the name of folder 0', 'all', /folder named "All" exists/],
      ['the name of folder 1', 'UNCATEGORIZED', /folder named "Uncategorized" exists/],
      ['an empty name', '', /may not be empty/],
    ];
    for (const [what, name, expected] of creations) {
      it(`creating a folder with ${what}: ${expected === 'ok' ? 'made, empty' : 'refused'}`, () => {
        if (expected === 'ok') {
          const c = shelved().createFolder(9, name);
          expect(c.folder(9)).to.deep.equal({ id: 9, name: 'Jazz', count: 0 });
        } else refused(() => shelved().createFolder(9, name), 'invalid', expected);
      });
    }

    const renames: Array<[number, string, 'ok' | RegExp, ('invalid' | 'not-found')?]> = [
      [2, 'Records', 'ok'],
      [2, 'VINYL', 'ok'],
      [3, 'vinyl', /exists already/, 'invalid'],
      [0, 'Everything', /"All" cannot be renamed/, 'invalid'],
      [1, 'Misc', /"Uncategorized" cannot be renamed/, 'invalid'],
      [99, 'Nope', /Folder not found/, 'not-found'],
    ];
    for (const [id, name, expected, problem] of renames) {
      it(`renaming folder ${id} to ${String(name)}: ${expected === 'ok' ? 'renamed' : 'refused'}`, () => {
        if (expected === 'ok') expect(shelved().renameFolder(id, name).folder(id).name).to.equal(name);
        else refused(() => shelved().renameFolder(id, name), problem!, expected);
      });
    }

    const deletions: Array<[number, 'ok' | RegExp, ('invalid' | 'not-found')?]> = [
      [3, 'ok'],
      [2, /cannot be deleted while it holds releases \(3\)/, 'invalid'],
      [0, /"All" cannot be deleted/, 'invalid'],
      [1, /"Uncategorized" cannot be deleted/, 'invalid'],
      [42, /Folder not found/, 'not-found'],
    ];
    for (const [id, expected, problem] of deletions) {
      it(`deleting folder ${id}: ${expected === 'ok' ? 'gone' : 'refused'}`, () => {
        if (expected === 'ok') expect(shelved().deleteFolder(id).folders.map((f) => f.id)).to.deep.equal([0, 1, 2]);
        else refused(() => shelved().deleteFolder(id), problem!, expected);
      });
    }

    it('lets releases into any folder but 0, and only into folders that exist', () => {
      expect(shelved().receivingFolder(UNCATEGORIZED_FOLDER).id).to.equal(1);
      expect(shelved().receivingFolder(3).id).to.equal(3);
      refused(() => shelved().receivingFolder(ALL_FOLDER), 'invalid', /folder 0 \("All"\) cannot receive/);
      refused(() => shelved().receivingFolder(8), 'not-found', /Folder not found/);
    });

    it('counts instances moving between folders, "All" staying the same', () => {
      const c = shelved().counted(2, -1).counted(3, 1);
      expect(c.folder(2).count).to.equal(2);
      expect(c.folder(3).count).to.equal(1);
      expect(c.folder(0).count).to.equal(5);
    });
  });

  describe('notes fields', () => {
    const media = DEFAULT_FIELDS[0]!;
    const notes = DEFAULT_FIELDS[2]!;

    it('starts with the Media and Sleeve Condition dropdowns (public) and a private Notes textarea', () => {
      expect(DEFAULT_FIELDS.map((f) => [f.id, f.name, f.type, f.public])).to.deep.equal([
        [1, 'Media Condition', 'dropdown', true],
        [2, 'Sleeve Condition', 'dropdown', true],
        [3, 'Notes', 'textarea', false],
      ]);
      expect(Collection.fresh(1).visibleFields(false).map((f) => f.id)).to.deep.equal([1, 2]);
      expect(Collection.fresh(1).visibleFields(true).map((f) => f.id)).to.deep.equal([1, 2, 3]);
    });

    const values: Array<[NotesField, string, string | RegExp]> = [
      [media, 'Mint (M)', 'Mint (M)'],
      [media, '', ''],
      [media, 'mint (m)', /is not one of its options/],
      [media, 'Brand new', /is not one of its options/],
      [notes, 'Signed copy', 'Signed copy'],
      [notes, 'line one\r\nline two', 'line one\nline two'],
      [notes, 'x'.repeat(2000), 'x'.repeat(2000)],
      [notes, 'x'.repeat(2001), /at most 2000/],
    ];
    for (const [field, raw, expected] of values) {
      it(`${field.name} takes ${JSON.stringify(raw)?.slice(0, 24)}: ${typeof expected === 'string' ? 'yes' : 'no'}`, () => {
        if (typeof expected === 'string') expect(noteValue(field, raw)).to.equal(expected);
        else refused(() => noteValue(field, raw), 'invalid', expected);
      });
    }

    it('checks a note against the field named, which must exist', () => {
      expect(Collection.fresh(1).note(2, 'Generic')).to.deep.equal({ fieldId: 2, value: 'Generic' });
      refused(() => Collection.fresh(1).note(1, 'Generic'), 'invalid', /not one of its options/);
      refused(() => Collection.fresh(1).note(9, 'x'), 'not-found', /Field not found/);
    });

    const specs: Array<[string, FieldSpec, 'ok' | RegExp]> = [
      ['a dropdown', { type: 'dropdown', name: 'Storage', public: false, options: ['Shelf A', ' Shelf B ', ''] }, 'ok'],
      ['a textarea', { type: 'textarea', name: 'Provenance', public: true, lines: 4 }, 'ok'],
      ['a taken name', { type: 'textarea', name: 'notes', public: true, lines: 2 }, /field named "notes" exists/],
      ['no options', { type: 'dropdown', name: 'X', public: true, options: ['', ' '] }, /at least one option/],
      ['an option twice', { type: 'dropdown', name: 'X', public: true, options: ['a', 'a'] }, /"a" is given twice/],
      ['0 lines', { type: 'textarea', name: 'X', public: true, lines: 0 }, /from 1 to 20/],
      ['21 lines', { type: 'textarea', name: 'X', public: true, lines: 21 }, /from 1 to 20/],
      ['2.5 lines', { type: 'textarea', name: 'X', public: true, lines: 2.5 }, /from 1 to 20/],
      ['lines that are no number (a form’s text)', { type: 'textarea', name: 'X', public: true, lines: NaN }, /from 1 to 20/],
      ['an empty name', { type: 'textarea', name: ' ', public: true, lines: 2 }, /may not be empty/],
    ];
    for (const [what, spec, expected] of specs) {
      it(`adding ${what}: ${expected === 'ok' ? 'added last, next id' : 'refused'}`, () => {
        if (expected === 'ok') {
          const field = Collection.fresh(1).addField(spec).field(4);
          expect(field.position).to.equal(4);
          if (field.type === 'dropdown') expect(field.options).to.deep.equal(['Shelf A', 'Shelf B']);
          else expect(field.lines).to.equal(4);
        } else refused(() => Collection.fresh(1).addField(spec), 'invalid', expected);
      });
    }

    it('edits a field but never its type; removes and reorders fields', () => {
      const c = Collection.fresh(1).editField(3, { type: 'textarea', name: 'Story', public: true, lines: 5 });
      expect(c.field(3)).to.deep.equal({ id: 3, name: 'Story', type: 'textarea', position: 3, public: true, lines: 5 });
      refused(() => c.editField(3, { type: 'dropdown', name: 'Story', public: true, options: ['a'] }), 'invalid', /its type cannot change/);
      expect(c.removeField(2).fields.map((f) => f.id)).to.deep.equal([1, 3]);
      refused(() => c.removeField(7), 'not-found');
      expect(c.moveField(3, -1).fields.map((f) => [f.id, f.position])).to.deep.equal([
        [1, 1],
        [3, 2],
        [2, 3],
      ]);
      expect(c.moveField(1, -1).fields.map((f) => f.id)).to.deep.equal([1, 2, 3]);
    });
  });

  describe('ratings', () => {
    const cases: Array<[unknown, number | null]> = [
      [0, 0],
      [5, 5],
      ['3', 3],
      [' 4 ', 4],
      [6, null],
      [-1, null],
      [2.5, null],
      ['2.5', null],
      ['five', null],
      [true, null],
      [null, null],
      [undefined, null],
    ];
    for (const [raw, expected] of cases) {
      it(`${JSON.stringify(raw)} → ${expected ?? 'refused'}`, () => {
        if (expected === null) refused(() => ratingOf(raw), 'invalid', /whole number from 0 to 5/);
        else expect(ratingOf(raw)).to.equal(expected);
      });
    }
  });

  describe('instances and wants', () => {
    it('keeps its id when moved, rated or noted; an empty note removes it', () => {
      const at = new Date('2026-01-02T03:04:05Z');
      const i = Instance.added(77, 1, 10, 1, at).movedTo(3).rated(4).noted({ fieldId: 1, value: 'Mint (M)' }).noted({ fieldId: 3, value: 'x' });
      expect([i.id, i.folderId, i.rating, i.dateAdded]).to.deep.equal([77, 3, 4, at]);
      expect(i.noted({ fieldId: 3, value: '' }).visibleNotes(DEFAULT_FIELDS)).to.deep.equal([{ fieldId: 1, value: 'Mint (M)' }]);
      expect(i.visibleNotes(DEFAULT_FIELDS.filter((f) => f.public))).to.deep.equal([{ fieldId: 1, value: 'Mint (M)' }]);
    });

    it('edits a want field by field, checking each', () => {
      const w = Want.added(1, 10, new Date(0));
      expect(w.edited({ notes: 'clean copy' }).edited({ rating: 5 })).to.include({ notes: 'clean copy', rating: 5 });
      refused(() => w.edited({ rating: 7 }), 'invalid', /from 0 to 5/);
      refused(() => w.edited({ notes: 'x'.repeat(2001) }), 'invalid', /at most 2000/);
    });
  });
});

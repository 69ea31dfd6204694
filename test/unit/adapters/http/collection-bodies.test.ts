import { expect } from 'chai';
import { folderNameInput, instanceChange, noteValueInput, wantChange } from '../../../../adapters/http/collection/collection-bodies.js';
import { Invalid } from '../../../../application/errors.js';

function invalid(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(Invalid);
    return (err as Invalid).message;
  }
  return expect.fail('expected a 422');
}

const NOT_AN_OBJECT = 'The body must be a JSON object.';

describe('adapters/http/collection/collection-bodies', () => {
  it('reads a folder name as sent when it is read, refusing anything but text (the collection trims and checks the rest)', () => {
    expect(folderNameInput({ name: '  Jazz ' }).name).to.equal('  Jazz ');
    for (const body of [{ name: 42 }, { name: null }, {}, undefined, '']) {
      const input = folderNameInput(body);
      expect(invalid(() => input.name)).to.equal('Invalid name: expected the folder name as text.');
    }
    for (const body of [[{ name: 'x' }], 'Jazz', 3]) expect(invalid(() => folderNameInput(body))).to.equal(NOT_AN_OBJECT);
  });

  it('reads an instance’s move and rating apart, from one body', () => {
    const change = instanceChange({ folder_id: ' 3 ', rating: '4' });
    expect([change.move(), change.rating()]).to.deep.equal([{ folderId: 3 }, { rating: 4 }]);
    expect([instanceChange({}).move(), instanceChange(undefined).rating()]).to.deep.equal([{}, {}]);
    expect(invalid(() => instanceChange({ folder_id: 'two', rating: 9 }).move())).to.equal('Invalid folder_id: expected a whole number, got "two".');
    expect(invalid(() => instanceChange({ folder_id: -1 }).move())).to.equal('Invalid folder_id: expected a whole number, got -1.');
    expect(invalid(() => instanceChange({ folder_id: 'two', rating: 9 }).rating())).to.equal('Invalid rating: expected a whole number from 0 to 5, got 9.');
    expect(invalid(() => instanceChange({ rating: null }).rating())).to.equal('Invalid rating: expected a whole number from 0 to 5, got null.');
    expect(invalid(() => instanceChange([1]).move())).to.equal(NOT_AN_OBJECT);
  });

  it('reads a note’s value from the query first, else the body, the last of several, as text naming the field', () => {
    expect(noteValueInput({ value: 'Mint (M)' }, { value: 'x' })('Media')).to.equal('Mint (M)');
    expect(noteValueInput({ value: ['a', 'b'] }, undefined)('Media')).to.equal('b');
    expect(noteValueInput({}, { value: 1999 })('Notes')).to.equal('1999');
    expect(noteValueInput({}, { value: [1, 2] })('Notes')).to.equal('2');
    expect(noteValueInput({}, { value: '' })('Notes')).to.equal('');
    for (const body of [{}, { value: null }, [{ value: 'a' }], 'a']) {
      expect(invalid(() => noteValueInput({}, body)('Media Condition'))).to.equal('Invalid value for Media Condition: a value is required (empty text clears it).');
    }
    for (const value of [true, { a: 1 }, [['a']]]) expect(invalid(() => noteValueInput({}, { value })('Notes'))).to.equal('Invalid value for Notes: expected text.');
  });

  it('reads a want’s change from the query and the body (the body’s fields win), in the words clients write', () => {
    expect(wantChange({ notes: 'q', rating: '2' }, { notes: 'b', notes_public: 'TRUE' })()).to.deep.equal({ notes: 'b', rating: 2, notesPublic: true });
    expect(wantChange({ notes_public: '0' }, { notes: 7 })()).to.deep.equal({ notes: '7', notesPublic: false });
    expect(wantChange({}, undefined)()).to.deep.equal({});
    expect(wantChange({}, { notes: 'line\r\nbreak', notes_public: 1 })()).to.deep.equal({ notes: 'line\r\nbreak', notesPublic: true });
  });

  it('refuses a want’s first bad field in the order notes, rating, notes_public; a body not an object at once', () => {
    const long = 'x'.repeat(2001);
    expect(invalid(wantChange({}, { notes_public: 'yes', rating: 6, notes: long }))).to.equal('Invalid notes: at most 2000 characters.');
    expect(invalid(wantChange({}, { notes_public: 'yes', rating: 6, notes: null }))).to.equal('Invalid notes: expected text.');
    expect(invalid(wantChange({}, { notes_public: 'yes', rating: 6 }))).to.equal('Invalid rating: expected a whole number from 0 to 5, got 6.');
    expect(invalid(wantChange({ notes_public: 'yes' }, {}))).to.equal('Invalid notes_public: expected true or false.');
    // Line ends count as one character each, as the want stores them.
    expect(wantChange({}, { notes: 'x\r\n'.repeat(1000) })()).to.have.property('notes');
    expect(invalid(() => wantChange({}, [1]))).to.equal(NOT_AN_OBJECT);
  });
});

import { expect } from 'chai';
import {
  LIST_LIMITS,
  UserList,
  type ListItemRef,
  type ListRule,
  type UserListState,
} from '../../../../domain/lists/user-list.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const T1 = new Date('2026-11-22T11:00:00.000Z');
const BAD_TIME = new Date('not a time');

const aList = (over: Partial<Parameters<typeof UserList.create>[0]> = {}) =>
  UserList.create({ id: 1, ownerId: 7, name: 'Favourites', at: T0, ...over });

const release = (catalogueId: number): ListItemRef => ({ kind: 'release', catalogueId });

/** The rule a piece of work broke, or null when it broke none. */
function brokenRule(work: () => unknown): ListRule | null {
  try {
    work();
    return null;
  } catch (err) {
    if (err instanceof Refusal) return err.code as ListRule;
    throw err;
  }
}

describe('UserList (the list aggregate)', () => {
  describe('making a list', () => {
    const cases: Array<[string, Partial<Parameters<typeof UserList.create>[0]>, ListRule | null]> = [
      ['a name', {}, null],
      ['a name of 200 characters', { name: 'n'.repeat(200) }, null],
      ['a name of 200 characters with spaces around', { name: `  ${'n'.repeat(200)}  ` }, null],
      ['a name of 201 characters', { name: 'n'.repeat(201) }, 'name'],
      ['an empty name', { name: '' }, 'name'],
      ['a blank name', { name: ' \t\n ' }, 'name'],
      ['a description of 10,000 characters', { description: 'd'.repeat(10_000) }, null],
      ['a description of 10,001 characters', { description: 'd'.repeat(10_001) }, 'description'],
      ['list id 0', { id: 0 }, 'id'],
      ['list id 1.5', { id: 1.5 }, 'id'],
      ['list id 2^31', { id: 2 ** 31 }, 'id'],
      ['list id 2^31 - 1', { id: 2 ** 31 - 1 }, null],
      ['owner 0', { ownerId: 0 }, 'owner'],
      ['owner -3', { ownerId: -3 }, 'owner'],
      ['an invalid time', { at: BAD_TIME }, 'time'],
    ];
    for (const [what, over, rule] of cases) {
      it(`${rule ? 'refuses' : 'accepts'} ${what}`, () => expect(brokenRule(() => aList(over))).to.equal(rule));
    }

    it('trims the name and the description, is private and empty, and dates itself', () => {
      const list = aList({ name: '  Best of  ', description: '\n[b]mine[/b] \n' });
      expect(list.state()).to.deep.equal({
        id: 1,
        ownerId: 7,
        name: 'Best of',
        description: '[b]mine[/b]',
        isPublic: false,
        items: [],
        createdAt: T0,
        changedAt: T0,
      });
      expect(aList({ isPublic: true }).isPublic).to.equal(true);
    });
  });

  describe('who sees it', () => {
    const cases: Array<[boolean, number | null, boolean]> = [
      [true, null, true],
      [true, 8, true],
      [true, 7, true],
      [false, null, false],
      [false, 8, false],
      [false, 7, true],
    ];
    for (const [isPublic, viewer, sees] of cases) {
      it(`a ${isPublic ? 'public' : 'private'} list ${sees ? 'shows' : 'does not show'} to ${viewer === null ? 'nobody signed in' : viewer === 7 ? 'its owner' : 'another user'}`, () =>
        expect(aList({ isPublic }).isVisibleTo(viewer)).to.equal(sees));
    }
  });

  describe('changing the details', () => {
    it('changes only what is given, trimmed, and dates the change', () => {
      const list = aList({ description: 'old' });
      list.edit({ name: ' New name ' }, T1);
      expect([list.name, list.description, list.isPublic, list.changedAt]).to.deep.equal(['New name', 'old', false, T1]);
      list.edit({ isPublic: true, description: '' }, T1);
      expect([list.name, list.description, list.isPublic]).to.deep.equal(['New name', '', true]);
      list.edit({ isPublic: false }, T1);
      expect(list.isPublic).to.equal(false);
    });

    const refused: Array<[string, Parameters<UserList['edit']>[0], Date, ListRule]> = [
      ['a blank name', { name: '  ' }, T1, 'name'],
      ['a long name', { name: 'x'.repeat(201) }, T1, 'name'],
      ['a long description', { description: 'x'.repeat(10_001) }, T1, 'description'],
      ['a good name with a long description', { name: 'Fine', description: 'x'.repeat(10_001) }, T1, 'description'],
      ['an invalid time', { name: 'Fine' }, BAD_TIME, 'time'],
    ];
    for (const [what, change, at, rule] of refused) {
      it(`refuses ${what}, changing nothing`, () => {
        const list = aList();
        const before = list.state();
        expect(brokenRule(() => list.edit(change, at))).to.equal(rule);
        expect(list.state()).to.deep.equal(before);
      });
    }
  });

  describe('items', () => {
    it('adds records of every kind at the end, with trimmed comments, each dated', () => {
      const list = aList();
      list.addItem({ kind: 'release', catalogueId: 10, comment: ' first ' }, T1);
      list.addItem({ kind: 'master', catalogueId: 10 }, T1);
      list.addItem({ kind: 'artist', catalogueId: 10, comment: '[a=Someone]' }, T1);
      list.addItem({ kind: 'label', catalogueId: 10 }, T1);
      expect(list.items).to.deep.equal([
        { kind: 'release', catalogueId: 10, comment: 'first', addedAt: T1 },
        { kind: 'master', catalogueId: 10, comment: '', addedAt: T1 },
        { kind: 'artist', catalogueId: 10, comment: '[a=Someone]', addedAt: T1 },
        { kind: 'label', catalogueId: 10, comment: '', addedAt: T1 },
      ]);
      expect(list.changedAt).to.equal(T1);
      expect(list.has({ kind: 'master', catalogueId: 10 })).to.equal(true);
      expect(list.has({ kind: 'master', catalogueId: 11 })).to.equal(false);
    });

    const refused: Array<[string, Parameters<UserList['addItem']>[0], ListRule]> = [
      ['a record already there', { kind: 'release', catalogueId: 1 }, 'duplicate item'],
      ['an unknown kind', { kind: 'track' as never, catalogueId: 2 }, 'kind'],
      ['id 0', { kind: 'release', catalogueId: 0 }, 'catalogue id'],
      ['a fractional id', { kind: 'label', catalogueId: 2.5 }, 'catalogue id'],
      ['an id past 2^31 - 1', { kind: 'artist', catalogueId: 2 ** 31 }, 'catalogue id'],
      ['a comment of 2,001 characters', { kind: 'release', catalogueId: 2, comment: 'c'.repeat(2_001) }, 'comment'],
    ];
    for (const [what, item, rule] of refused) {
      it(`refuses ${what}, changing nothing`, () => {
        const list = aList();
        list.addItem(release(1), T0);
        const before = list.state();
        expect(brokenRule(() => list.addItem(item, T1))).to.equal(rule);
        expect(list.state()).to.deep.equal(before);
      });
    }

    it('takes a comment of 2,000 characters, and the same id of another kind', () => {
      const list = aList();
      list.addItem({ ...release(1), comment: 'c'.repeat(2_000) }, T0);
      expect(brokenRule(() => list.addItem({ kind: 'master', catalogueId: 1 }, T0))).to.equal(null);
    });

    it(`holds at most ${LIST_LIMITS.items} items`, () => {
      const list = aList();
      for (let id = 1; id <= LIST_LIMITS.items; id++) list.addItem(release(id), T0);
      expect(brokenRule(() => list.addItem(release(LIST_LIMITS.items + 1), T1))).to.equal('item count');
      expect(list.items).to.have.length(LIST_LIMITS.items);
    });

    describe('editing and moving one', () => {
      const three = () => {
        const list = aList();
        for (const id of [1, 2, 3]) list.addItem({ ...release(id), comment: `c${id}` }, T0);
        return list;
      };
      const order = (list: UserList) => list.items.map((i) => i.catalogueId);

      const moves: Array<[number, number, number[]]> = [
        [1, 1, [1, 2, 3]],
        [1, 3, [2, 3, 1]],
        [3, 1, [3, 1, 2]],
        [2, 1, [2, 1, 3]],
        [2, 3, [1, 3, 2]],
      ];
      for (const [id, position, expected] of moves) {
        it(`moves item ${id} to position ${position}`, () => {
          const list = three();
          list.editItem(release(id), { position }, T1);
          expect(order(list)).to.deep.equal(expected);
          expect(list.items.find((i) => i.catalogueId === id)?.comment).to.equal(`c${id}`);
          expect(list.changedAt).to.equal(T1);
        });
      }

      it('changes a comment where the item is, keeping when it was added', () => {
        const list = three();
        list.editItem(release(2), { comment: '  better  ' }, T1);
        expect(list.items[1]).to.deep.equal({ kind: 'release', catalogueId: 2, comment: 'better', addedAt: T0 });
        list.editItem(release(2), { comment: 'moved', position: 1 }, T1);
        expect(order(list)).to.deep.equal([2, 1, 3]);
        expect(list.items[0]!.comment).to.equal('moved');
      });

      const refused: Array<[string, ListItemRef, Parameters<UserList['editItem']>[1], Date, ListRule]> = [
        ['an item not in the list', release(9), { comment: 'x' }, T1, 'no such item'],
        ['the same id of another kind', { kind: 'artist', catalogueId: 1 }, { comment: 'x' }, T1, 'no such item'],
        ['position 0', release(1), { position: 0 }, T1, 'position'],
        ['a position past the end', release(1), { position: 4 }, T1, 'position'],
        ['a fractional position', release(1), { position: 1.5 }, T1, 'position'],
        ['a long comment', release(1), { comment: 'c'.repeat(2_001) }, T1, 'comment'],
        ['a long comment with a good position', release(1), { comment: 'c'.repeat(2_001), position: 2 }, T1, 'comment'],
        ['an invalid time', release(1), { comment: 'x' }, BAD_TIME, 'time'],
      ];
      for (const [what, ref, change, at, rule] of refused) {
        it(`refuses ${what}, changing nothing`, () => {
          const list = three();
          const before = list.state();
          expect(brokenRule(() => list.editItem(ref, change, at))).to.equal(rule);
          expect(list.state()).to.deep.equal(before);
        });
      }

      it('removes an item, closing the gap', () => {
        const list = three();
        list.removeItem(release(2), T1);
        expect(order(list)).to.deep.equal([1, 3]);
        expect(list.changedAt).to.equal(T1);
        expect(brokenRule(() => list.removeItem(release(2), T1))).to.equal('no such item');
        expect(brokenRule(() => list.removeItem(release(1), BAD_TIME))).to.equal('time');
        expect(order(list)).to.deep.equal([1, 3]);
      });
    });
  });

  describe('restoring a stored list', () => {
    const stored: UserListState = {
      id: 3,
      ownerId: 7,
      name: 'Stored',
      description: 'text',
      isPublic: true,
      items: [
        { kind: 'release', catalogueId: 1, comment: 'a', addedAt: T0 },
        { kind: 'label', catalogueId: 1, comment: '', addedAt: T1 },
      ],
      createdAt: T0,
      changedAt: T1,
    };

    it('gives back the same state', () => expect(UserList.restore(stored).state()).to.deep.equal(stored));

    it('hands out copies: changing the state given or taken changes no list', () => {
      const list = UserList.restore(stored);
      const state = list.state();
      (state.items as unknown as unknown[]).pop();
      expect(list.items).to.have.length(2);
    });

    const broken: Array<[string, Partial<UserListState>, ListRule]> = [
      ['a blank name', { name: '' }, 'name'],
      ['a duplicate item', { items: [stored.items[0]!, { ...stored.items[0]!, comment: 'again' }] }, 'duplicate item'],
      ['an unknown kind', { items: [{ ...stored.items[0]!, kind: 'track' as never }] }, 'kind'],
      ['a long comment', { items: [{ ...stored.items[0]!, comment: 'c'.repeat(2_001) }] }, 'comment'],
      ['an invalid change time', { changedAt: BAD_TIME }, 'time'],
      ['an invalid item time', { items: [{ ...stored.items[0]!, addedAt: BAD_TIME }] }, 'time'],
      ['too many items', { items: Array.from({ length: LIST_LIMITS.items + 1 }, (_, n) => ({ ...stored.items[0]!, catalogueId: n + 1 })) }, 'item count'],
    ];
    for (const [what, over, rule] of broken) {
      it(`refuses ${what}`, () => expect(brokenRule(() => UserList.restore({ ...stored, ...over }))).to.equal(rule));
    }
  });
});

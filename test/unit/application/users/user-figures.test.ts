import { expect } from 'chai';
import { mergedUserFigures, NO_USER_FIGURES, type UserFigures, type UserFiguresPart } from '../../../../application/ports/user-figures.js';

/** A part that answers fixed figures and records each time it is asked. */
function part(figures: Partial<UserFigures>, asked: string[], name: string): UserFiguresPart {
  return {
    answers: Object.keys(figures) as (keyof UserFigures)[],
    async forUser() {
      asked.push(name);
      return figures;
    },
  };
}

describe('Merged user figures', () => {
  it('asks every part without a wish, and only the parts answering a wanted figure with one', async () => {
    const asked: string[] = [];
    const seller = { rating: 99.5, stars: 5, count: 12 };
    const figures = mergedUserFigures([part({ numCollection: 3 }, asked, 'collection'), part({ seller }, asked, 'trades'), part({ numForSale: 2 }, asked, 'market')]);

    const all = await figures.forUser(1);
    expect(all).to.include({ numCollection: 3, numForSale: 2 });
    expect(all.seller).to.deep.equal(seller);
    expect(asked).to.deep.equal(['collection', 'trades', 'market']);

    asked.length = 0;
    expect((await figures.forUser(1, ['seller'])).seller).to.deep.equal(seller);
    expect(asked).to.deep.equal(['trades']);

    asked.length = 0;
    expect(await figures.forUser(1, ['buyer'])).to.deep.equal(await NO_USER_FIGURES.forUser(1));
    expect(asked).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { facetLabel, facetQueryValue, versionFacetValues } from '../../../../domain/catalogue/version-facets.js';
import { aRelease } from '../../../support/builders/catalogue-builders.js';

describe('Version facets', () => {
  it('titles a label as the public API does: no catalogue number, each word capitalised, the rest lower case', () => {
    const cases: Array<[string, string]> = [
      ['Wizard (4)', 'Wizard'],
      ['Nuclear Blast GmbH', 'Nuclear Blast Gmbh'],
      ["Angel's Of Hell Records", "Angel'S Of Hell Records"],
      ['CD+', 'Cd+'],
      ['Not On Label (HammerFall)', 'Not On Label (Hammerfall)'],
      ['МУЗЫКАЛЬНАЯ коллекция', 'Музыкальная Коллекция'],
      ['Hammer Müzik', 'Hammer Müzik'],
      ['  ', ''],
    ];
    for (const [name, title] of cases) expect(facetLabel(name), name).to.equal(title);
  });

  it('writes a value as a form-encoded query string does (the captured filter_facets values)', () => {
    const cases: Array<[string, string]> = [
      ['Limited Edition', 'Limited+Edition'],
      ["Angel'S Of Hell Records", 'Angel%27S+Of+Hell+Records'],
      ['Cd+', 'Cd%2B'],
      ['Not On Label (Hammerfall)', 'Not+On+Label+%28Hammerfall%29'],
      ['Nuclear Blast America, Inc.', 'Nuclear+Blast+America%2C+Inc.'],
      ['USA & Europe', 'USA+%26+Europe'],
      ['Lumière', 'Lumi%C3%A8re'],
      ['DVD-Video', 'DVD-Video'],
    ];
    for (const [title, value] of cases) expect(facetQueryValue(title), title).to.equal(value);
  });

  it('offers the format names and descriptions (no free text) and the labels and companies, each once, in order', () => {
    const r = aRelease(1, {
      masterId: 3,
      formats: [
        { name: 'Vinyl', qty: '2', text: 'Red', descriptions: ['LP', 'Album'] },
        { name: 'CD', qty: '1', text: '', descriptions: ['Album', ''] },
      ],
      labels: [
        { id: 1, name: 'Wizard (4)', catno: 'W1', entityType: '1', entityTypeName: 'Label' },
        { id: 2, name: 'Wizard', catno: 'W2', entityType: '1', entityTypeName: 'Label' },
      ],
      companies: [{ id: 3, name: 'STUDIO FREDMAN', catno: '', entityType: '29', entityTypeName: 'Mastered At' }],
    });
    expect(versionFacetValues(r)).to.deep.equal({ formats: ['Vinyl', 'LP', 'Album', 'CD'], labels: ['Wizard', 'Studio Fredman'] });
  });
});

import fs from 'node:fs';
import { expect } from 'chai';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import { commandPlace, runSpindle, runSpindleInProcess, type CommandPlace, type Run } from '../../support/spindle-cli.js';

/**
 * `spindle seller …` on the suite's database (a PostgreSQL server, or an embedded folder): in this process (`runCli`),
 * the first refusal started as its own process as an operator does.
 */
describe('spindle seller (the command, end to end)', function () {
  this.timeout(180_000);
  let place: CommandPlace;

  before(async () => {
    place = await commandPlace('spindle-seller-');
    const added = await runSpindleInProcess(place, ['user', 'add', 'Shopkeeper', '--email', 'shop@example.com', '--password', 'secret password']);
    expect(added.code, added.stderr).to.equal(0);
  });
  after(() => fs.rmSync(place.dir, { recursive: true, force: true }));

  const spindle = (...args: string[]): Promise<Run> => runSpindleInProcess(place, args);

  it('shows a user who never set terms, then makes a seller of them and shows what changed', async () => {
    const shown = await spindle('seller', 'shopkeeper');
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.equal(
      [
        'Shopkeeper is not a seller yet: both payment and shipping terms are needed.',
        'currency: USD',
        'payment terms: ""',
        'shipping terms: ""',
        'shipping price: none',
        'minimum order total: none',
        '',
      ].join('\n'),
    );

    const payment = await spindle('seller', 'Shopkeeper', '--payment', '[b]PayPal[/b] or cash');
    expect(payment.code, payment.stderr).to.equal(0);
    expect(payment.stdout).to.equal(
      'Changed the seller settings of Shopkeeper: payment terms.\nShopkeeper is not a seller yet: both payment and shipping terms are needed.\n',
    );

    const rest = await spindle('seller', 'Shopkeeper', '--currency', 'eur', '--shipping', 'From Ghent.\nEU only.');
    expect(rest.code, rest.stderr).to.equal(0);
    expect(rest.stdout).to.equal('Changed the seller settings of Shopkeeper: currency USD → EUR, shipping terms.\nShopkeeper is a seller (both terms written).\n');

    const now = await spindle('seller', 'Shopkeeper');
    expect(now.stdout).to.equal(
      [
        'Shopkeeper is a seller (both terms written).',
        'currency: EUR',
        'payment terms: "[b]PayPal[/b] or cash"',
        'shipping terms: "From Ghent.\\nEU only."',
        'shipping price: none',
        'minimum order total: none',
        '',
      ].join('\n'),
    );
    const priced = await spindle('seller', 'Shopkeeper', '--shipping-price', 'default=20, Europe=9.995, BE=4', '--min-order-total', '15');
    expect(priced.stdout).to.equal('Changed the seller settings of Shopkeeper: shipping price, minimum order total.\nShopkeeper is a seller (both terms written).\n');
    const withPrices = await spindle('seller', 'Shopkeeper');
    expect(withPrices.stdout).to.include('shipping price: default=20.00, europe=10.00, BE=4.00 (EUR)\nminimum order total: 15.00 EUR\n');
    const badPrice = await spindle('seller', 'Shopkeeper', '--shipping-price', 'BE=4');
    expect([badPrice.code, badPrice.stderr]).to.deep.equal([2, 'Shipping price needs a default amount (for every destination not named).\n']);
    const same = await spindle('seller', 'Shopkeeper', '--currency', 'EUR');
    expect([same.code, same.stdout]).to.deep.equal([0, 'Nothing changed: the seller settings of Shopkeeper are as given.\nShopkeeper is a seller (both terms written).\n']);

    const cleared = await spindle('seller', 'Shopkeeper', '--shipping', '');
    expect(cleared.stdout).to.equal('Changed the seller settings of Shopkeeper: shipping terms.\nShopkeeper is not a seller yet: both payment and shipping terms are needed.\n');
  });

  it('refuses an unknown user and a bad currency in one line each, exit status 2, changing nothing', async () => {
    const nobody = await runSpindle(place, ['seller', 'nobody', '--currency', 'GBP']);
    expect([nobody.code, nobody.stdout, nobody.stderr]).to.deep.equal([2, '', 'There is no user "nobody".\n']);
    const shownNobody = await spindle('seller', 'nobody');
    expect([shownNobody.code, shownNobody.stderr]).to.deep.equal([2, 'There is no user "nobody".\n']);

    const bad = await spindle('seller', 'Shopkeeper', '--currency', 'XYZ', '--shipping', 'Anywhere');
    expect([bad.code, bad.stdout, bad.stderr]).to.deep.equal([2, '', `Currency must be one of ${CURRENCIES.join(', ')}, got "XYZ".\n`]);
    const shown = await spindle('seller', 'Shopkeeper');
    expect(shown.stdout).to.include('currency: EUR').and.include('shipping terms: ""');

    const missingValue = await spindle('seller', 'Shopkeeper', '--currency');
    expect(missingValue.code).to.equal(1);
    expect(missingValue.stderr).to.match(/option '--currency <code>' argument missing/);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { commandPlace, runSpindle, runSpindleInProcess, type CommandPlace, type Run } from '../../support/spindle-cli.js';

/**
 * `spindle rates …` on the suite's database (a PostgreSQL server, or an embedded folder): in this process (`runCli`),
 * the first load started as its own process as an operator does (a file named relative to its working folder).
 */
describe('spindle rates (the command, end to end)', function () {
  this.timeout(120_000);
  let place: CommandPlace;
  let dir: string;

  before(async () => {
    place = await commandPlace('spindle-rates-');
    dir = place.dir;
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const spindle = (...args: string[]): Promise<Run> => runSpindleInProcess(place, args);
  const file = (name: string, text: string): string => {
    fs.writeFileSync(path.join(dir, name), text);
    return name;
  };

  it('says when no table is loaded, loads one, and shows it', async () => {
    const empty = await spindle('rates');
    expect(empty.code, empty.stderr).to.equal(0);
    expect(empty.stdout).to.equal('No currency rates loaded yet; load them with: spindle rates FILE\n');

    const loaded = await runSpindle(place, ['rates', file('rates.csv', 'currency,rate\nUSD,1\nEUR,0.9231\nJPY,151.42\n')]);
    expect(loaded.code, loaded.stderr).to.equal(0);
    expect(loaded.stdout).to.equal('Loaded 3 currency rates from rates.csv: 3 added (USD, EUR, JPY), 0 changed, 0 removed.\n');

    const shown = await spindle('rates');
    expect(shown.code, shown.stderr).to.equal(0);
    const lines = shown.stdout.trim().split('\n');
    expect(lines[0]).to.match(/^Currency rates per US dollar, from rates\.csv, loaded \d{4}-\d\d-\d\dT/);
    expect(lines.slice(1)).to.deep.equal(['USD,1', 'EUR,0.9231', 'JPY,151.42']);
  });

  it('replaces the table whole and says what changed', async () => {
    const run = await spindle('rates', file('new.csv', 'EUR,0.93\nGBP,0.79\n'));
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal(
      'Loaded 3 currency rates from new.csv: 1 added (GBP), 1 changed (EUR 0.9231 → 0.93), 1 removed (JPY).\n',
    );
  });

  it('refuses a bad file with every problem named, exit status 2, and keeps the table', async () => {
    const bad = await spindle('rates', file('bad.csv', 'EUR,0\nXXX,1\nGBP,1e3\n'));
    expect(bad.code).to.equal(2);
    expect(bad.stdout).to.equal('');
    for (const bit of ['EUR', 'XXX', '1e3']) expect(bad.stderr).to.contain(bit);
    expect(bad.stderr).to.not.match(/\n\s+at /); // no stack trace

    const missing = await spindle('rates', 'nowhere.csv');
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.match(/^Cannot read .*nowhere\.csv: ENOENT\n$/);

    const shown = await spindle('rates');
    expect(shown.stdout.trim().split('\n').slice(1)).to.deep.equal(['USD,1', 'GBP,0.79', 'EUR,0.93']);
  });
});

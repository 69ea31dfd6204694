/*
 * What the ORM costs an ordinary repository (ADR 0039): a seller's settings read (`settingsOf`) and replaced (`put`,
 * in a unit of work) through the ORM on the entity schema (MikroOrmSellerRepository, what the service binds) and
 * through the hand-written SQL it replaced (kept here as the baseline: the same statements the SqlSellerRepository
 * ran), interleaved round by round on one database. Prints p50, p95 and the mean per operation and technique, and the
 * ORM/SQL ratio of the means.
 *
 *   node dist/bench/repository-technique.js [--postgres URL] [--rounds 2000] [--warmup 200]
 *
 * Without --postgres the embedded database (PGlite) in a temporary folder; with it, that database (migrated; a bench
 * user is added, nothing is dropped).
 */
import { MikroOrmSellerRepository } from '../adapters/persistence/marketplace/mikro-orm-seller-repository.js';
import { query } from '../adapters/persistence/mikro-orm-unit-of-work.js';
import { IDENTITY } from '../composition/identity/identity-tokens.js';
import { PERSISTENCE } from '../composition/persistence/persistence-tokens.js';
import { Money } from '../domain/marketplace/money.js';
import { sellerSettings } from '../domain/marketplace/seller.js';
import { shippingRates } from '../domain/marketplace/shipping-rates.js';
import { interleavedRounds, roundOptions, withBenchSpindle } from './interleaved-rounds.js';

const opts = roundOptions();

async function main(): Promise<void> {
  await withBenchSpindle(opts, 'repository-technique', async (spindle) => {
    const c = spindle.container;
    const orm = c.get(PERSISTENCE.Database).orm;
    const uow = c.get(PERSISTENCE.UnitOfWork);
    const name = `bench-${Date.now().toString(36)}`;
    const user = await c.get(IDENTITY.CreateUser).execute({ username: name, email: `${name}@example.test`, password: `pw-${name}-secret` });
    const userId = user.id;
    const viaOrm = new MikroOrmSellerRepository(orm);
    const amounts = { shippingRates: shippingRates({ default: 5, GB: 2.5, europe: 8 }, 'EUR'), minOrderTotal: Money.fromDecimal('20', 'EUR') };
    const settings = (i: number) => sellerSettings(userId, `Pay ${i}`, `Ship ${i}`, new Date(), amounts);

    // The baseline: the statements of the hand-written repository this bench compares with.
    const sqlRead = () =>
      query(orm, 'select payment_terms, shipping_terms, amounts_currency, shipping_rates, min_order_total_minor, updated_at from seller_settings where user_id = ?', [userId]);
    const sqlPut = (i: number) => {
      const s = settings(i);
      const stored = JSON.stringify(Object.fromEntries([...s.shippingRates!.amounts].map(([k, v]) => [k, v.toString()])));
      return query(
        orm,
        `insert into seller_settings (user_id, payment_terms, shipping_terms, amounts_currency, shipping_rates, min_order_total_minor, updated_at)
         values (?, ?, ?, ?, ?::jsonb, ?, ?)
         on conflict (user_id) do update set payment_terms = excluded.payment_terms, shipping_terms = excluded.shipping_terms,
           amounts_currency = excluded.amounts_currency, shipping_rates = excluded.shipping_rates,
           min_order_total_minor = excluded.min_order_total_minor, updated_at = excluded.updated_at`,
        [userId, s.paymentTerms, s.shippingTerms, 'EUR', stored, s.minOrderTotal!.minorUnits.toString(), s.updatedAt],
      );
    };
    const operations: Record<string, (i: number) => Promise<unknown>> = {
      'read, ORM': () => viaOrm.settingsOf(userId),
      'read, SQL': () => sqlRead(),
      'put, ORM': (i) => uow.run(() => viaOrm.put(settings(i))),
      'put, SQL': (i) => uow.run(() => sqlPut(i)),
    };
    const f = await interleavedRounds(opts, operations);
    console.log(`repository technique, ${opts.postgres ? 'PostgreSQL' : 'PGlite'}, ${opts.rounds} rounds (ms)`);
    for (const [label, x] of Object.entries(f)) console.log(`${label.padEnd(10)} p50 ${x.p50.toFixed(3)}  p95 ${x.p95.toFixed(3)}  mean ${x.mean.toFixed(3)}`);
    console.log(`ORM/SQL mean: read ${(f['read, ORM']!.mean / f['read, SQL']!.mean).toFixed(2)}, put ${(f['put, ORM']!.mean / f['put, SQL']!.mean).toFixed(2)}`);
  });
}

await main();

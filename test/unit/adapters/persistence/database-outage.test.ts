import { expect } from 'chai';
import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DatabaseOutageMonitor, databaseFailureOf } from '../../../../adapters/persistence/database-outage.js';
import { RecordingLogger } from '../../../support/recording-logger.js';

const withCode = (message: string, code: string, extra: object = {}) => Object.assign(new Error(message), { code, ...extra });

describe('databaseFailureOf', () => {
  const cases: ReadonlyArray<readonly [string, unknown, ReturnType<typeof databaseFailureOf>]> = [
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'unreachable'],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET'), 'unreachable'],
    ['a fast shutdown', withCode('terminating connection due to administrator command', '57P01'), 'unreachable'],
    ['a server starting up', withCode('the database system is starting up', '57P03'), 'unreachable'],
    ['too many connections', withCode('sorry, too many clients already', '53300'), 'unreachable'],
    ['a connection exception', withCode('connection failure', '08006'), 'unreachable'],
    ["pg's lost connection, behind knex's SQL", new Error("select * from personal_token where digest = 'x' - Connection terminated unexpectedly"), 'unreachable'],
    ["pg's connect time-out", new Error('timeout exceeded when trying to connect'), 'unreachable'],
    ["knex's acquire time-out", Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }), 'unreachable'],
    ['wrapped by MikroORM', new DriverException(withCode('terminating connection due to administrator command', '57P01')), 'unreachable'],
    ['a cause', new Error('claim failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }), 'unreachable'],
    ['an AggregateError of refusals (IPv4 and IPv6)', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'x'), 'unreachable'],
    ['a full disk', withCode('could not write to file "pg_wal/xlogtemp.42": No space left on device', '53100'), 'storage'],
    ['a unique violation', new UniqueConstraintViolationException(withCode('duplicate key value', '23505')), undefined],
    ['a protocol violation (bad input)', withCode('invalid message format', '08P01'), undefined],
    ['a NUL in text', withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'), undefined],
    ['a transaction found ended under a query', new Error('Transaction query already complete, run with DEBUG=knex:tx for more info'), 'perhaps'],
    ['a file that may not be opened (a setup or a bug, not an outage)', withCode("EACCES: permission denied, open '/data/files/x'", 'EACCES', { errno: -13 }), undefined],
    ['a plain error', new Error('boom'), undefined],
    ['not an error', 'Connection terminated unexpectedly', undefined],
    ['null', null, undefined],
  ];
  for (const [what, err, expected] of cases) {
    it(`${what}: ${String(expected)}`, () => expect(databaseFailureOf(err)).to.equal(expected));
  }
});

describe('DatabaseOutageMonitor', () => {
  it('tells the outage once, probes until the database answers, tells its end once, and answers false for the rest', async () => {
    const logger = new RecordingLogger();
    let answering = false;
    let probes = 0;
    const monitor = new DatabaseOutageMonitor({
      logger,
      probeMs: 5,
      probe: async () => {
        probes++;
        if (!answering) throw withCode('connect ECONNREFUSED', 'ECONNREFUSED');
      },
    });
    expect(monitor.isOutage(new Error('boom'))).to.equal(false);
    expect(monitor.available).to.equal(true);
    for (let i = 0; i < 3; i++) expect(monitor.isOutage(new Error("select * from personal_token where digest = 'secret' - Connection terminated unexpectedly"))).to.equal(true);
    expect(monitor.available).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(probes).to.be.greaterThan(1);
    answering = true;
    while (!monitor.available) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(logger.messages('warn')).to.have.length(1);
    expect(logger.entries[0]!.fields, 'told without the SQL and its values').to.deep.include({ reason: 'Connection terminated unexpectedly' });
    expect(logger.messages('info')).to.deep.equal(['database answering again']);
    monitor.close();
  });
});

describe('DatabaseOutageMonitor.examine', () => {
  const ended = new Error('Transaction query already complete, run with DEBUG=knex:tx for more info');

  it('calls an ended transaction an outage only when a probe finds the database away', async () => {
    const logger = new RecordingLogger();
    let answering = true;
    const monitor = new DatabaseOutageMonitor({
      logger,
      probeMs: 5,
      probe: async () => {
        if (!answering) throw withCode('connect ECONNREFUSED', 'ECONNREFUSED');
      },
    });
    await monitor.examine(ended);
    expect(monitor.isOutage(ended), 'the database answers: a bug, a 500').to.equal(false);
    answering = false;
    await monitor.examine(ended);
    expect(monitor.isOutage(ended)).to.equal(true);
    expect(logger.messages('warn')).to.have.length(1);
    monitor.close();
  });

  it('looks no further into errors that tell by themselves', async () => {
    let probes = 0;
    const monitor = new DatabaseOutageMonitor({ logger: new RecordingLogger(), probe: async () => void probes++ });
    await monitor.examine(new Error('boom'));
    await monitor.examine(withCode('connect ECONNREFUSED', 'ECONNREFUSED'));
    expect(probes).to.equal(0);
    monitor.close();
  });
});

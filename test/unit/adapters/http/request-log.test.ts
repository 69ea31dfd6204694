import { Writable } from 'node:stream';
import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { requestLog } from '../../../../adapters/http/middleware/request-log.js';
import { createPinoLogger } from '../../../../adapters/logging/pino-logger.js';
import type { Logger } from '../../../../application/ports/logger.js';

/** A pino logger at `info` whose lines are kept, parsed. */
function recordingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createPinoLogger('info', sink), lines };
}

function app(logger: Logger, useLog: boolean): Koa {
  const koa = new Koa();
  koa.use(requestLog(logger));
  koa.use((ctx) => {
    if (useLog) (ctx.state.log as Logger).warn({ step: 'route' }, 'inside');
    ctx.body = { ok: true };
  });
  return koa;
}

describe('Request log', () => {
  for (const useLog of [false, true]) {
    it(`gives each request an id and logs one line with it${useLog ? ', the route logging through ctx.state.log' : ''}`, async () => {
      const { logger, lines } = recordingLogger();
      const res = await request(app(logger, useLog).callback()).get('/releases/1?x=1').set('User-Agent', 'Test/1.0');
      const id = res.headers['x-request-id'] as string;
      expect(id).to.match(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setImmediate(resolve));
      const messages = lines.map((l) => l.msg);
      expect(messages).to.deep.equal(useLog ? ['inside', 'request'] : ['request']);
      for (const line of lines) expect(line.requestId).to.equal(id);
      const last = lines[lines.length - 1]!;
      expect(last).to.include({ method: 'GET', path: '/releases/1', status: 200, service: 'spindle' });
      expect(last.ms).to.be.a('number');
      // The id comes once, right after the logger's own fields, whether or not a child logger was made.
      expect(Object.keys(last).slice(0, 5)).to.deep.equal(['level', 'time', 'service', 'requestId', 'method']);
    });
  }

  it('keeps a well-formed incoming X-Request-Id and replaces any other', async () => {
    const { logger } = recordingLogger();
    const server = request(app(logger, false).callback());
    expect((await server.get('/').set('X-Request-Id', 'abc-123.x_y')).headers['x-request-id']).to.equal('abc-123.x_y');
    const replaced = (await server.get('/').set('X-Request-Id', 'bad id <script>')).headers['x-request-id'];
    expect(replaced).to.match(/^[0-9a-f-]{36}$/);
  });
});

import Koa from 'koa';
import { expect } from 'chai';
import request from 'supertest';
import { createPinoLogger } from '../../../../adapters/logging/pino-logger.js';
import { jsonBodyParser } from '../../../../adapters/http/json-body-parser.js';
import { errorHandler } from '../../../../adapters/http/middleware/errors.js';

describe('adapters/http/json-body-parser', () => {
  const app = new Koa();
  app.use(errorHandler({ baseUrl: 'https://api.test', logger: createPinoLogger('silent') }));
  app.use(jsonBodyParser(64));
  app.use((ctx) => {
    ctx.body = { received: ctx.request.body };
  });

  it('parses a JSON body', async () => {
    const res = await request(app.callback()).post('/').send({ a: 1 }).expect(200);
    expect(res.body).to.deep.equal({ received: { a: 1 } });
  });

  it('answers malformed JSON with 422 and a message', async () => {
    const res = await request(app.callback()).post('/').set('Content-Type', 'application/json').send('{"a": ').expect(422);
    expect(res.text).to.equal('{"message": "The request body is not valid JSON."}');
  });

  it('answers a body over the limit with 413 and a message', async () => {
    const res = await request(app.callback()).post('/').send({ text: 'x'.repeat(100) }).expect(413);
    expect(res.text).to.equal('{"message": "The request body is too large."}');
  });
});

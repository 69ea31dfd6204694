import type Koa from 'koa';
import { koaBody, type KoaBodyMiddlewareOptions } from 'koa-body';
import { Invalid, UnsupportedMediaType } from '../../application/errors.js';
import { refuseHostileBody } from './hostile-input.js';

/**
 * The one way a body is read (JSON, forms, multipart forms): koa-body with the given options, its `Content-Encoding`
 * undone (gzip, deflate, br), then the parsed value checked by {@link refuseHostileBody} before anything reads it.
 * An encoding it does not know is a 415; a body that is not what its encoding says (a "gzip" body that is not gzip)
 * a 422. The reader resolves to the parsed body (undefined when none was sent).
 */
export function bodyReader(options: Partial<KoaBodyMiddlewareOptions>): (ctx: Koa.Context) => Promise<unknown> {
  const parse = koaBody(options);
  return async (ctx) => {
    try {
      await parse(ctx, async () => undefined);
    } catch (err) {
      throw encodingRefusal(err, ctx.get('Content-Encoding')) ?? err;
    }
    const body = (ctx.request as { body?: unknown }).body;
    refuseHostileBody(body);
    return body;
  };
}

function encodingRefusal(err: unknown, encoding: string): Error | undefined {
  const { status, code, message } = err as { status?: unknown; code?: unknown; message?: unknown };
  if (status === 415 && typeof message === 'string' && message.startsWith('Unsupported Content-Encoding')) {
    return new UnsupportedMediaType(`The request body's Content-Encoding (${encoding.slice(0, 32)}) is not supported: send identity, gzip, deflate or br.`);
  }
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR for a cut stream, ERR__ERROR_FORMAT_… of brotli) carry no status:
  // without this they would be a 500.
  if (status === undefined && typeof code === 'string' && encoding !== '' && encoding !== 'identity') {
    return new Invalid(`The request body could not be decoded as its Content-Encoding (${encoding.slice(0, 32)}) says.`);
  }
  return undefined;
}

import { createReadStream } from 'node:fs';
import type Koa from 'koa';
import { ApplicationError, PayloadTooLarge, UnsupportedMediaType } from '../../../application/errors.js';
import type { UploadedFile } from '../../../application/inventory/request-inventory-upload.js';
import { bodyReader } from '../body-reader.js';
import { refuseHostileBody } from '../hostile-input.js';
import type { UploadSpool } from './upload-spool.js';

/** The multipart fields a file may come in: `file` (the spec's name) or `upload` (the public API's). */
export const FILE_FIELDS = ['file', 'upload'] as const;

interface SpooledFile {
  readonly filepath: string;
  readonly originalFilename: string | null;
  readonly mimetype: string | null;
}

/** How big a file may be, as a person reads it: `64 MiB`, `512 KiB`, `100 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * Reads a `multipart/form-data` body with formidable (through koa-body), spooling its file parts to a temporary
 * folder of its own in `spool`, then hands the route the file of field `file` or `upload` (null when the request has
 * neither, or no body). The folder and every part in it are removed when the request ends, however it ends: the
 * handler returns or throws, the body cannot be read, is too large, or the client goes away mid-body. A file larger
 * than `maxBytes` stops the read: 413 naming the limit. A body of another type (JSON, a form) is 415. Mounted per
 * route, after the caller has been checked, so nobody spools a file who may not upload.
 */
export async function withUploadedFile<T>(
  ctx: Koa.Context,
  maxBytes: number,
  spool: UploadSpool,
  handle: (file: UploadedFile | null) => Promise<T>,
): Promise<T> {
  const hasBody = Number(ctx.get('Content-Length') || '0') > 0 || ctx.get('Transfer-Encoding') !== '';
  if (!hasBody && !ctx.get('Content-Type')) return handle(null);
  if (!ctx.is('multipart/form-data')) {
    throw new UnsupportedMediaType('The upload must be sent as multipart/form-data, the CSV file in the field file (or upload).');
  }
  const folder = await spool.requestFolder();
  // Should the parse not end when the client goes away mid-body, the connection's end removes the parts anyway.
  let parsed = false;
  const removeOnClose = () => {
    if (!parsed) void folder.remove().catch(() => undefined);
  };
  ctx.res.once('close', removeOnClose);
  try {
    const parse = bodyReader({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir: folder.path,
        maxFileSize: maxBytes,
        maxTotalFileSize: maxBytes,
        maxFiles: 4,
        maxFields: 50,
        maxFieldsSize: 64 * 1024,
        allowEmptyFiles: true,
        minFileSize: 0,
      },
    });
    try {
      await parse(ctx);
      parsed = true;
    } catch (err) {
      if (err instanceof ApplicationError) throw err;
      const code = (err as { httpCode?: unknown }).httpCode;
      if (code === 413) throw new PayloadTooLarge(`The file is larger than the limit of ${sizeText(maxBytes)}.`);
      throw Object.assign(new Error('The multipart/form-data body could not be read.'), { status: 422, expose: true });
    }
    const files = (ctx.request as { files?: Record<string, SpooledFile | SpooledFile[]> }).files ?? {};
    const part = FILE_FIELDS.map((f) => files[f]).find((f) => f !== undefined);
    const chosen = Array.isArray(part) ? part[0] : part;
    if (!chosen) return await handle(null);
    refuseHostileBody({ filename: chosen.originalFilename, mediaType: chosen.mimetype });
    return await handle({
      filename: chosen.originalFilename,
      mediaType: chosen.mimetype,
      bytes: () => createReadStream(chosen.filepath),
    });
  } finally {
    ctx.res.off('close', removeOnClose);
    await folder.remove();
  }
}

import { Invalid } from '../errors.js';

/**
 * A file given to the dump import is not a usable Discogs data dump: missing, not a dump at all, a truncated gzip
 * file, or XML that breaks part-way. The message names the file and says what is wrong, for an operator to read.
 */
export class InvalidDump extends Invalid {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** Structured logging: a message with fields. `child` returns a logger that adds fields to every line. */
export interface Logger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
  child(fields: object): Logger;
}

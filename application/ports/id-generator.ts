/** New unique identifiers for aggregates; injected so that tests can predict them. */
export interface IdGenerator {
  /** A new identifier, unique across processes and instances (a UUID in production). */
  next(): string;
}

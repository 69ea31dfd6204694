/**
 * What the import needs of a database connection that is inside the file's transaction. Its own file, apart from
 * the write session, because the session's helpers (artist list keys, deferred indexes, posting compaction) take a
 * channel too and the session imports them.
 */
export interface SqlImportChannel {
  query(sql: string): Promise<readonly Record<string, unknown>[]>;
  /** Runs `COPY <table> (<columns>) FROM … WITH (FORMAT binary)` with the data given in chunks. */
  copy(table: string, columns: readonly string[], data: readonly Buffer[]): Promise<void>;
  /**
   * Commits the transaction and begins another on the same session (an import's checkpoint); temporary tables made
   * `ON COMMIT DROP` are gone, session-level state (settings, locks) stays.
   */
  checkpoint(): Promise<void>;
}

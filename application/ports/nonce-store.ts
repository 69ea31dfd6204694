/**
 * Remembers OAuth nonces for as long as a request carrying them could be accepted, so that none is accepted twice.
 * Every instance of the service must see the same store (a shared database or Redis).
 */
export interface NonceStore {
  /** True the first time `key` is claimed within `ttlSeconds`, false after (a replay). */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
}

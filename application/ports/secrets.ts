/** Makes secrets that cannot be guessed (consumer keys and secrets, tokens), from a secure random source. */
export interface SecretGenerator {
  /** `length` characters of A-Z, a-z and 0-9, each equally likely. */
  generate(length: number): string;
}

/**
 * A one-way digest of a high-entropy secret (a personal token), to store and look it up by without keeping it.
 * Deterministic: the same secret gives the same digest. Not for passwords, which need a slow, salted hash.
 */
export interface SecretDigest {
  digest(secret: string): string;
}

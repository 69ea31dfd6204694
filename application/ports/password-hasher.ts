/** Hashes passwords with a memory-hard function and checks them; the encoded hash carries its own parameters. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, encoded: string): Promise<boolean>;
}

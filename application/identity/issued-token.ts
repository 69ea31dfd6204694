/** A request token as issued: what the token endpoint answers. */
export interface IssuedToken {
  readonly token: string;
  readonly secret: string;
}

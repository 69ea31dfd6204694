/** HMAC-SHA1 of a text under a key, base64: what OAuth 1.0a HMAC-SHA1 signatures are. */
export interface HmacSha1 {
  sign(key: string, text: string): string;
}

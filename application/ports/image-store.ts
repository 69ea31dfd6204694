/** An image file as stored. */
export interface StoredImage {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly modifiedAt: Date;
}

/**
 * Where image files are kept, by key (`release/1/0.jpg`, `release/1/0-150.jpg`: the owner, its id, the image's
 * position, `-150` for the thumbnail). A folder by default.
 */
export interface ImageStore {
  /** The key of the file stored for `base` (a key without its extension), or null when there is none. */
  locate(base: string): Promise<string | null>;
  read(key: string): Promise<StoredImage | null>;
  write(key: string, bytes: Buffer): Promise<void>;
}

/** Signs image keys with a server secret, so that an image URL cannot be made or altered without it. */
export interface ImageSigner {
  sign(key: string): Promise<string>;
  verify(key: string, signature: string): Promise<boolean>;
}

import type { BinaryCopyBuffer } from './binary-copy-buffer.js';

/** The keys of `T` whose values are of type `V`. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];

/** The keys of `T` of type `V` not written yet. */
type Open<T, Done extends keyof T, V> = Exclude<KeysOf<T, V>, Done>;

/**
 * One JSON object of a stored document being written into a COPY buffer, field by field (`out.jKey(…).j…(…)` under
 * the hood), each left out when it holds its default. The type keeps count: `Done` holds the fields of `T` written
 * so far, each may be written once, and `end` exists only once every field of `T` has been. So a field added to a
 * record type stops the codec from compiling until it writes the field ("Property 'end' does not exist", with
 * `unwritten` naming it). Costs nothing at run time: the calls go straight to the buffer.
 */
export type DocumentObject<T, Done extends keyof T = never> = {
  /** A number, always written. */
  num<K extends Open<T, Done, number>>(key: K, value: T[K]): DocumentObject<T, Done | K>;
  /** A number, left out when 0. */
  int<K extends Open<T, Done, number>>(key: K, value: T[K]): DocumentObject<T, Done | K>;
  /** A number or null, left out when null. */
  intOrNull<K extends Open<T, Done, number | null>>(key: K, value: T[K]): DocumentObject<T, Done | K>;
  /** A string, left out when ''. */
  str<K extends Open<T, Done, string>>(key: K, value: T[K]): DocumentObject<T, Done | K>;
  /** A string, left out when it is the value a reader derives or assumes (`implied`). */
  strUnless<K extends Open<T, Done, string>>(key: K, value: T[K], implied: T[K]): DocumentObject<T, Done | K>;
  /** `true`, or left out when false. */
  bool<K extends Open<T, Done, boolean>>(key: K, value: T[K]): DocumentObject<T, Done | K>;
  /** A list of strings, left out when empty. */
  strings<K extends Open<T, Done, readonly string[]>>(key: K, value: T[K]): DocumentObject<T, Done | K>;
  /** A field written by a function of its own (a list, a nested object), which leaves it out when it is empty. */
  with<K extends Exclude<keyof T, Done>>(
    key: K,
    value: T[K],
    write: (out: BinaryCopyBuffer, key: K & string, value: T[K]) => void,
  ): DocumentObject<T, Done | K>;
} & ([Exclude<keyof T, Done>] extends [never]
  ? { /** Closes the object. */ end(): void }
  : { readonly unwritten: Exclude<keyof T, Done> });

/** What `DocumentObject` types; one for the process (documents are written one at a time, synchronously). */
class ObjectWriter {
  out!: BinaryCopyBuffer;

  num(key: string, value: number): this {
    this.out.jKey(key).jInt(value);
    return this;
  }

  int(key: string, value: number): this {
    if (value !== 0) this.out.jKey(key).jInt(value);
    return this;
  }

  intOrNull(key: string, value: number | null): this {
    if (value !== null) this.out.jKey(key).jInt(value);
    return this;
  }

  str(key: string, value: string): this {
    if (value !== '') this.out.jKey(key).jString(value);
    return this;
  }

  strUnless(key: string, value: string, implied: string): this {
    if (value !== implied) this.out.jKey(key).jString(value);
    return this;
  }

  bool(key: string, value: boolean): this {
    if (value) this.out.jKey(key).jRaw('true');
    return this;
  }

  strings(key: string, items: readonly string[]): this {
    if (items.length === 0) return this;
    const out = this.out;
    out.jKey(key).jRaw('[');
    for (let i = 0; i < items.length; i++) {
      if (i > 0) out.jRaw(',');
      out.jString(items[i]!);
    }
    out.jRaw(']');
    return this;
  }

  with<V>(key: string, value: V, write: (out: BinaryCopyBuffer, key: string, value: V) => void): this {
    write(this.out, key, value);
    return this;
  }

  end(): void {
    this.out.jRaw('}');
  }
}

const WRITER = new ObjectWriter();

/** Opens a JSON object in `out`, to be written field by field and closed with `end` (see `DocumentObject`). */
export function documentObject<T>(out: BinaryCopyBuffer): DocumentObject<T> {
  WRITER.out = out;
  out.jRaw('{');
  return WRITER as unknown as DocumentObject<T>;
}

/** A copy of `values` at least `length` long (doubled, as often as it takes), for arrays that grow as they fill. */
export function grown(values: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  let size = values.length * 2;
  while (size < length) size *= 2;
  const copy = new Int32Array(size);
  copy.set(values);
  return copy;
}

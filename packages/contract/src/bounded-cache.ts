/**
 * A map that forgets everything once it holds `limit` entries: the memory bound for caches of values that are
 * cheap to compute again, without the bookkeeping of least-recently-used eviction.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` under `key` and returns it. */
  set(key: K, value: V): V {
    if (this.entries.size >= this.limit) {
      this.entries.clear();
    }
    this.entries.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}

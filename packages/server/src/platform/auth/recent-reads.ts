/**
 * Reads that rarely change and that nearly every request makes (who the actor is, the configured zone and
 * calendar), remembered for `ttlMs` so a request is one database round trip instead of three. `forget()` after
 * every write through this server drops them at once; another instance sharing the database sees a change
 * within `ttlMs`. A read that was under way when a write forgot is not kept.
 */
export class RecentReads {
  private readonly entries = new Map<string, { value: Promise<unknown>; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  async get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known !== undefined && known.until > Date.now()) {
      return known.value as Promise<T>;
    }
    const startedAt = this.generation;
    const value = await read();
    if (startedAt === this.generation) {
      if (this.entries.size >= this.max) {
        this.entries.clear();
      }
      this.entries.set(key, { value: Promise.resolve(value), until: Date.now() + this.ttlMs });
    }
    return value;
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

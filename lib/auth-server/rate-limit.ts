/**
 * In-memory token buckets: each key may spend `limit` requests at once and regains them evenly
 * over `windowMs`. Kept per server instance; the process-wide instance lives on globalThis.
 */

type Bucket = { tokens: number; updatedAt: number };

const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Whether the key's bucket still holds a request, without spending it. A limit of 0 never limits. */
  peek(key: string): boolean {
    if (this.limit <= 0) return true;
    const bucket = this.buckets.get(key);
    return !bucket || this.refilled(bucket, this.now().getTime()) >= 1;
  }

  /** Takes one request from the key's bucket; false when it is empty. A limit of 0 never limits. */
  take(key: string): boolean {
    if (this.limit <= 0) return true;
    const now = this.now().getTime();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, updatedAt: now };
    bucket.tokens = this.refilled(bucket, now);
    bucket.updatedAt = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_KEYS) this.evict();
    return true;
  }

  /** Gives one request back to the key's bucket (an attempt that turned out to be allowed). */
  give(key: string): void {
    const bucket = this.buckets.get(key);
    if (!bucket || this.limit <= 0) return;
    bucket.tokens = Math.min(this.limit, this.refilled(bucket, this.now().getTime()) + 1);
    bucket.updatedAt = this.now().getTime();
  }

  private refilled(bucket: Bucket, now: number): number {
    const elapsed = Math.max(0, now - bucket.updatedAt);
    return Math.min(this.limit, bucket.tokens + (elapsed / this.windowMs) * this.limit);
  }

  /** Drops the least recently used keys; a dropped key simply starts with a full bucket. */
  private evict(): void {
    const excess = this.buckets.size - Math.floor(MAX_KEYS * 0.9);
    let i = 0;
    for (const key of this.buckets.keys()) {
      if (i++ >= excess) break;
      this.buckets.delete(key);
    }
  }
}

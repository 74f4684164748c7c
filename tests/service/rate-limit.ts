export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Window {
  startedAt: number;
  count: number;
}

/** A fixed window per client, with the headers the service sends on every API answer. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private config: RateLimitConfig | null) {}

  configure(config: RateLimitConfig | null): void {
    this.config = config;
    this.windows.clear();
  }

  hit(client: string, now = Date.now()): RateLimitDecision {
    const config = this.config;
    if (!config) return { allowed: true, headers: {} };
    const windowMs = config.windowSeconds * 1000;
    let window = this.windows.get(client);
    if (!window || now - window.startedAt >= windowMs) {
      this.forgetExpired(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(client, window);
    }
    const headers: Record<string, string> = { 'X-RateLimit-Limit': String(config.limit) };
    if (window.count >= config.limit) {
      const resetAt = window.startedAt + windowMs;
      headers['X-RateLimit-Remaining'] = '0';
      headers['Retry-After'] = String(Math.max(1, Math.ceil((resetAt - now) / 1000)));
      headers['X-RateLimit-Reset'] = String(Math.ceil(resetAt / 1000));
      return { allowed: false, headers };
    }
    window.count++;
    headers['X-RateLimit-Remaining'] = String(config.limit - window.count);
    return { allowed: true, headers };
  }

  /** Keeps the map from growing with every key ever tried. */
  private forgetExpired(now: number, windowMs: number): void {
    if (this.windows.size < 1000) return;
    for (const [client, window] of this.windows) {
      if (now - window.startedAt >= windowMs) this.windows.delete(client);
    }
  }
}

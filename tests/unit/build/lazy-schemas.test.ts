import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The background's schemas are built when first used (`lazy` in lib/zod.ts), not as its modules load: a worker woken
 * by one message then builds only what that message needs. Here every call of zod's API is counted while the modules
 * that declare schemas load, and after.
 */
let calls = 0;
vi.mock('zod/mini', async (original) => {
  const zod = await original<Record<string, unknown>>();
  const counted = (value: unknown) =>
    typeof value === 'function'
      ? new Proxy(value, {
          apply: (target, self, args) => ((calls += 1), Reflect.apply(target, self, args)),
          construct: (target, args, next) => ((calls += 1), Reflect.construct(target, args, next)),
        })
      : value;
  return Object.fromEntries(Object.entries(zod).map(([name, value]) => [name, name === 'config' || name === 'locales' ? value : counted(value)]));
});

afterEach(() => vi.resetModules());

describe('the background’s schemas', () => {
  it('are not built while their modules load', async () => {
    await import('@/lib/zod');
    calls = 0;
    await Promise.all([import('@/lib/protocol'), import('@/lib/storage'), import('@/lib/api/schemas'), import('@/lib/api/fields')]);
    expect(calls).toBe(0);
  });

  it('are built on first use, each once, and then parse as declared', async () => {
    const { requests } = await import('@/lib/protocol');
    calls = 0;
    expect(requests.getPageState.safeParse({ url: 'https://example.com/' }).success).toBe(true);
    const built = calls;
    expect(built).toBeGreaterThan(0);
    expect(requests.getPageState.safeParse({ url: '' }).success).toBe(false);
    expect(requests.getPageState.safeParse({ url: 7 }).success).toBe(false);
    expect(calls).toBe(built);
  });

  it('stand in for the schema: nested, extended, read by shape', async () => {
    const { lazy, z } = await import('@/lib/zod');
    let builds = 0;
    const point = lazy(() => ((builds += 1), z.object({ x: z.number(), y: z.optional(z.number()) })));
    expect(builds).toBe(0);
    const line = z.object({ from: point, to: point });
    expect(line.safeParse({ from: { x: 1 }, to: { x: 2, y: 3 } }).success).toBe(true);
    expect(line.safeParse({ from: { x: 1 }, to: { y: 3 } }).success).toBe(false);
    expect(z.extend(point, { z: z.number() }).safeParse({ x: 1, z: 2 }).success).toBe(true);
    expect(Object.keys(point.shape)).toEqual(['x', 'y']);
    expect(z.optional(point).safeParse(undefined).success).toBe(true);
    expect(builds).toBe(1);
  });
});

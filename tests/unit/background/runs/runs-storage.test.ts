import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { claimNext, newRun, settleItem } from '@/lib/background/runs/run-state';
import type { Run } from '@/lib/protocol';

const NOW = 1_700_000_000_000;
const deletes = (id: string, n: number): Run =>
  newRun(
    id,
    'delete',
    Array.from({ length: n }, (_, i) => ({ reportId: i + 1, url: `example.com/page-${i + 1}` })),
    undefined,
    NOW,
  );

/** The storage module as a worker starts with it: nothing read yet, the same storage. */
async function freshRuns() {
  vi.resetModules();
  return (await import('@/lib/storage')).runs;
}

/** Every write to local storage from here on: the names written, and the bytes of their JSON. */
function recordWrites() {
  const writes: { names: string[]; bytes: number }[] = [];
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((items: Record<string, unknown>) => {
    writes.push({ names: Object.keys(items).sort(), bytes: JSON.stringify(items).length });
    return set(items);
  });
  return writes;
}

/** Item `index` of the run settled as done: the change a lane makes. */
const settled = (list: Run[], index: number): Run[] =>
  list.map((run) => ({ ...run, items: run.items.map((item, i) => (i === index ? { ...item, state: 'done' as const } : item)) }));

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('the runs as stored', () => {
  it('come back whole, in order, for the next worker', async () => {
    const runs = await freshRuns();
    const big = deletes('big', 120);
    const small = deletes('small', 3);
    await runs.update(() => [big, small]);
    const again = await freshRuns();
    expect(await again.read()).toEqual([big, small]);
  });

  it('write the headers and the one chunk that holds a changed item, not the whole run', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('big', 120)]);
    const writes = recordWrites();
    await runs.update((list) => settled(list, 70));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.names).toEqual(['runItems:big:1']);
    const next = await (await freshRuns()).read();
    expect(next[0]!.items.map((item) => item.state).filter((state) => state === 'done')).toHaveLength(1);
    expect(next[0]!.items[70]!.state).toBe('done');
  });

  it('write as much for one item of a run of 20,000 as of a run of 50', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('huge', 20_000)]);
    const writes = recordWrites();
    // Claimed (its header and chunk), then settled: the two changes a lane makes of a delete.
    await runs.update((list) => claimNext(list, NOW)!.runs);
    const claim = claimNext(await runs.read(), NOW);
    expect(claim?.claim.index).toBe(1);
    await runs.update((list) => settleItem(list, claimNext(list, NOW)!.claim, { kind: 'done' }, NOW).runs);
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write.bytes).toBeLessThan(10_000);
  });

  it('read runs kept with their items inline, and write them in chunks at their first change', async () => {
    const former = deletes('former', 60);
    await fakeBrowser.storage.local.set({ runs: [former] });
    const runs = await freshRuns();
    expect(await runs.read()).toEqual([former]);
    await runs.update((list) => settled(list, 0));
    const stored: Record<string, unknown> = await fakeBrowser.storage.local.get(['runs', 'runItems:former:0', 'runItems:former:1']);
    expect(stored.runs).toEqual([expect.objectContaining({ id: 'former', itemChunks: 2 })]);
    expect((stored.runs as object[])[0]).not.toHaveProperty('items');
    expect(stored['runItems:former:0']).toHaveLength(50);
    expect(stored['runItems:former:1']).toHaveLength(10);
    expect((await (await freshRuns()).read())[0]!.items[0]!.state).toBe('done');
  });

  it('lose only the run whose chunk is missing or bad', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('kept', 3), deletes('broken', 80), deletes('bad', 3)]);
    await fakeBrowser.storage.local.remove('runItems:broken:1');
    await fakeBrowser.storage.local.set({ 'runItems:bad:0': [{ url: 5, state: 'pending' }] });
    expect((await (await freshRuns()).read()).map((run) => run.id)).toEqual(['kept']);
  });

  it('are read again when storage was changed another way than through them', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('first', 3)]);
    expect((await runs.read()).map((run) => run.id)).toEqual(['first']);
    await fakeBrowser.storage.local.set({ runs: [deletes('written-elsewhere', 2)] });
    expect((await runs.read()).map((run) => run.id)).toEqual(['written-elsewhere']);
  });

  it('drop the chunks of a run that is gone', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('gone', 70), deletes('stays', 2)]);
    await runs.update((list) => list.filter((run) => run.id !== 'gone'));
    const stored = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(stored).sort()).toEqual(['runItems:stays:0', 'runs']);
  });

  it('drop the chunks of a run that is gone in the next worker, when this one stopped before it could', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('gone', 70), deletes('stays', 2)]);
    // The worker stops once the headers are written, before the chunks are removed.
    vi.spyOn(fakeBrowser.storage.local, 'remove').mockRejectedValueOnce(new Error('The worker stopped'));
    await expect(runs.update((list) => list.filter((run) => run.id !== 'gone'))).rejects.toThrow('The worker stopped');
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual([
      'runItems:gone:0',
      'runItems:gone:1',
      'runItems:stays:0',
      'runItemsGone',
      'runs',
    ]);
    vi.restoreAllMocks();
    const next = await freshRuns();
    expect((await next.read()).map((run) => run.id)).toEqual(['stays']);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual(['runItems:stays:0', 'runs']);
  });

  it('keep every chunk a run still uses, whatever a list of chunks gone names', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('stays', 2)]);
    await fakeBrowser.storage.local.set({ runItemsGone: ['runItems:stays:0', 'runs', 42] });
    const next = await freshRuns();
    expect((await next.read())[0]!.items).toHaveLength(2);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual(['runItems:stays:0', 'runs']);
  });

  it('drop a run that does not fit its schema, as every stored list does, and keep the others', async () => {
    const runs = await freshRuns();
    const run = deletes('r', 3);
    await runs.update(() => [run, deletes('fine', 2)]);
    const broken = { ...run, items: [{ ...run.items[0]!, state: 'lost' }, ...run.items.slice(1)] } as unknown as Run;
    await runs.update((list) => [broken, list[1]!]);
    expect((await runs.read()).map((r) => r.id)).toEqual(['fine']);
    expect((await (await freshRuns()).read()).map((r) => r.id)).toEqual(['fine']);
  });

  it('hand out lists a reader may change, of runs no reader can', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('r', 2)]);
    const list = await runs.read();
    list.pop();
    expect(await runs.read()).toEqual([deletes('r', 2)]);
    const [run] = await runs.read();
    expect(() => {
      (run!.items[0] as { state: string }).state = 'done';
    }).toThrow(TypeError);
  });

  it('tell their watchers of a change to an item', async () => {
    const runs = await freshRuns();
    await runs.update(() => [deletes('r', 120)]);
    const told = vi.fn();
    const stop = runs.watch(told);
    await runs.update((list) => settled(list, 100));
    await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(1));
    stop();
  });
});

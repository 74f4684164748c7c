import { describe, expect, it } from 'vitest';
import { blockOrder } from '../../bench/pair';

describe('the blocks of a paired bench', () => {
  it('measure both builds in every block, each first in half of them, alternating', () => {
    expect(blockOrder(4)).toEqual([
      ['before', 'after'],
      ['after', 'before'],
      ['before', 'after'],
      ['after', 'before'],
    ]);
    const firsts = blockOrder(10).map(([first]) => first);
    expect(firsts.filter((side) => side === 'before')).toHaveLength(5);
  });
});

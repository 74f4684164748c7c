import { describe, expect, it } from 'vitest';
import { queueChange } from '@/lib/options/queue-change';

const A = 'https://a.example/';
const B = 'https://b.example/';
const C = 'https://c.example/';

describe('what changed in the queue', () => {
  it.each([
    ['one sent of two', [A, B], [B], [], { sent: 1, waiting: 1 }],
    ['all sent', [A, B], [], [], { sent: 2, waiting: 0 }],
    ['one added', [A], [A, B], [], { sent: 0, waiting: 2 }],
    ['one sent and one added', [A, B], [B, C], [], { sent: 1, waiting: 2 }],
    ['one cancelled here: not sent', [A, B], [B], [A], null],
    ['nothing changed', [A, B], [A, B], [], null],
    ['only the order changed', [A, B], [B, A], [], null],
  ] as const)('%s', (_case, before, now, cancelled, change) => {
    expect(queueChange(before, now, new Set(cancelled))).toEqual(change);
  });
});

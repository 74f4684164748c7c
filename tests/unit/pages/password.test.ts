import { describe, expect, it } from 'vitest';
import { passwordProblem } from '@/lib/pages/password';

describe('the password of a report, checked before sending', () => {
  it.each([
    ['public: no password needed', 0, '', null],
    ['private: no password needed', 1, '', null],
    ['password: one character', 2, 'x', null],
    ['password: 128 characters', 2, 'x'.repeat(128), null],
    ['password: 128 emoji count as 128 characters', 2, '🔒'.repeat(128), null],
    ['password: empty', 2, '', 'Enter a password. Anyone who opens the report will need it.'],
    ['password: only spaces', 2, '   ', 'Enter a password. Anyone who opens the report will need it.'],
    ['password: 129 characters', 2, 'x'.repeat(129), 'Use at most 128 characters.'],
  ] as const)('%s', (_case, privacy, password, expected) => {
    expect(passwordProblem(privacy, password)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { sectionHeading } from '@/lib/options/section-focus';

const { document } = parseHTML(`<main>
  <div id="reports" class="options__group"><div class="card"><h2 id="queue">Waiting</h2></div><section id="watches"><h2 id="watches-title">Watched pages</h2></section></div>
  <div id="limits" class="options__group"></div>
  <h2 id="alone">A heading named itself</h2>
</main>`);

describe('the heading of the options section an address names', () => {
  it.each([
    ['a group: its first heading', 'reports', 'queue'],
    ['a section inside a group: its own heading', 'watches', 'watches-title'],
    ['a heading named itself', 'alone', 'alone'],
  ])('%s', (_case, id, heading) => {
    expect(sectionHeading(id, document)?.id).toBe(heading);
  });

  it.each([
    ['a section not drawn yet', 'limits'],
    ['no such section', 'nowhere'],
    ['not a plain name', 'reports, h2'],
    ['empty', ''],
  ])('none for %s', (_case, id) => {
    expect(sectionHeading(id, document)).toBeNull();
  });
});

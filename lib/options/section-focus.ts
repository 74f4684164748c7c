/** How long a section named by the address may take to be drawn (its part of the page may load after the first frame). */
const WAIT_MS = 5_000;

/**
 * The options page's sections by address: opened at `#reports`, or following a link of its list of sections, the
 * section's heading takes the focus once it is drawn, so keyboard and screen-reader users land where the page
 * scrolled. Called once the page has drawn.
 */
export function focusSectionsByAddress(): void {
  if (location.hash) focusSection(location.hash.slice(1));
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    // After the browser has followed the link: following it takes the focus away.
    if (link) setTimeout(() => focusSection(link.getAttribute('href')!.slice(1)));
  });
}

function focusSection(id: string): void {
  const until = Date.now() + WAIT_MS;
  const from = document.activeElement;
  const attempt = () => {
    // The user went on meanwhile (a click, Tab): the focus stays where they put it.
    if (document.activeElement !== from && document.activeElement !== document.body) return;
    const heading = sectionHeading(id);
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    } else if (Date.now() < until) setTimeout(attempt, 50);
  };
  attempt();
}

/** The first heading of the section `id` (the section may be a heading's own card or a group of cards). */
export function sectionHeading(id: string, root: ParentNode = document): HTMLElement | null {
  if (!/^[\w-]{1,64}$/.test(id)) return null;
  const section = root.querySelector(`#${id}`);
  return section?.matches('h1, h2, h3') ? (section as HTMLElement) : (section?.querySelector<HTMLElement>('h2, h3') ?? null);
}

/**
 * Opens every closed fold (`<details>`) while the page prints, and closes them again after:
 * a printed page has no way to open them.
 */
export function openDetailsForPrint(root: Document = document): () => void {
  let opened: HTMLDetailsElement[] = [];
  const before = () => {
    opened = [...root.querySelectorAll('details:not([open])')] as HTMLDetailsElement[];
    for (const details of opened) details.open = true;
  };
  const after = () => {
    for (const details of opened) details.open = false;
    opened = [];
  };
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
  };
}

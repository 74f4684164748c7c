/**
 * The page's one polite live region: unseen, read by screen readers when `text` changes. Drawn from
 * the first frame on, empty, as a region added with its words already in it is not read.
 */
export function LiveRegion({ text }: { text: string }) {
  return (
    <p class="sr-only" role="status" aria-live="polite" data-live-region="">
      {text}
    </p>
  );
}

/**
 * The most text the extension reads in one go: an answer of the service, or a list the user pastes.
 * A page of 100 reports with every check is about 1 MB; a list of 5,000 long addresses about as much.
 * Past this, the text is not a report list nor a list of addresses, and reading it on would only hold
 * the extension up.
 */
export const TEXT_MAX_BYTES = 10 * 1024 * 1024;

/** The cap in megabytes, for the words that name it. */
export const TEXT_MAX_MEGABYTES = TEXT_MAX_BYTES / (1024 * 1024);

/** Whether the text takes more than `maxBytes` in UTF-8, counted without encoding it. */
export function exceedsBytes(text: string, maxBytes = TEXT_MAX_BYTES): boolean {
  // A UTF-16 unit is at most 3 bytes in UTF-8 (a pair, 4 bytes for 2 units): most texts are settled by their length alone.
  if (text.length * 3 <= maxBytes) return false;
  if (text.length > maxBytes) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
    if (bytes > maxBytes) return true;
  }
  return false;
}

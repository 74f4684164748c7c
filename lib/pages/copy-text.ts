/**
 * Puts text on the clipboard; false when the browser refuses (a policy, a page without focus),
 * so the page can offer the text to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

import { browser } from 'wxt/browser';

/**
 * Opens the audit beside the page (`sidepanel.html`): Chrome's side panel in the window or tab named,
 * Firefox's sidebar. Both browsers open it only inside the user's gesture: call this straight from
 * the click, key or menu item, with nothing awaited before. Rejects when the browser refuses.
 */
export function openBesidePage(place: { windowId: number } | { tabId: number }): Promise<void> {
  // Firefox's sidebar is missing from Chrome's types.
  const sidebar = (browser as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  return sidebar ? sidebar.open() : browser.sidePanel.open(place);
}

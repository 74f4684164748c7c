/**
 * The few parts of Firefox's own window that the tests touch, typed for them: Firefox
 * ships no types for its chrome. Names as in Firefox 153 (browser/base/content/tabbrowser,
 * toolkit/components/extensions, remote/content/external/EventUtils.js).
 */
export interface ChromeGlobals {
  window: Window;
  document: Document;
  gBrowser: TabBrowser;
  gURLBar: { focus(): void };
  gUnifiedExtensions: { togglePanel(): Promise<void> };
  Services: {
    scriptSecurityManager: { getSystemPrincipal(): object };
    prefs: { setIntPref(name: string, value: number): void; clearUserPref(name: string): void };
    wm: { getEnumerator(type: string): Iterable<Window> };
  };
  ChromeUtils: { importESModule<Module>(url: string): Module };
  WebExtensionPolicy: { getByID(id: string): { extension: GeckoExtension } | null };
  CustomizableUI: { getWidget(id: string): { forWindow(window: Window): { node: Element } } | null };
  /** Trusted input, as a user's mouse and keyboard give it (Firefox's EventUtils, loaded into the window). */
  events: EventUtils;
}

export interface TabBrowser {
  addTab(url: string, options: { triggeringPrincipal: object }): Tab;
  removeTab(tab: Tab): void;
  selectedTab: Tab;
  readonly selectedBrowser: XulBrowser;
  readonly tabs: Tab[];
  readonly browsers: XulBrowser[];
}

export interface Tab extends Element {
  readonly linkedBrowser: XulBrowser;
}

export interface XulBrowser extends Element {
  readonly currentURI: { spec: string };
  fixupAndLoadURIString(url: string, options: { triggeringPrincipal: object }): void;
  /** Set only for pages that run in Firefox's own process, such as about:addons. */
  readonly contentWindow: (Window & { loadView?(view: string): void }) | null;
  readonly contentDocument: Document | null;
  /** Paints the tab although it is not the selected one. */
  renderLayers: boolean;
  /** Runs the tab's timers and animation frames at full speed although it is not the selected one. */
  docShellIsActive: boolean;
}

export interface GeckoExtension {
  /** 'running', 'suspending', 'stopped' or 'starting'. */
  readonly backgroundState: string;
  terminateBackground(options: { ignoreDevToolsAttached: boolean; disableResetIdleForTest: boolean }): Promise<void>;
}

export interface MouseEventData {
  type?: 'mousedown' | 'mouseup' | 'contextmenu';
  button?: number;
}

export interface EventUtils {
  synthesizeMouseAtCenter(element: Element, event: MouseEventData, window: Window): void;
  synthesizeMouseAtPoint(left: number, top: number, event: MouseEventData, window: Window): void;
  synthesizeKey(key: string, modifiers: { altKey?: boolean; shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean }, window: Window): void;
}

/** The parent-process side of the extensions API (ExtensionParent.sys.mjs), for the toolbar button. */
export interface ExtensionParentModule {
  ExtensionParent: {
    apiManager: { global: { browserActionFor(extension: GeckoExtension): { triggerAction(window: Window): void } } };
  };
}

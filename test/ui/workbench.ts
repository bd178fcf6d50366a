// The UI-test fixture: a real VS Code workbench (code-server 4.100.3 + headless Chromium) with the
// packaged extension installed, driven with playwright-core. Every workbench is hermetic: fresh
// user-data, extensions and workspace folders, its own free 127.0.0.1 port, its own process group,
// a bounded lifetime. See scripts/vscode/codeserver.mjs for the machinery.
//
//   import { describe, it, before, after } from 'node:test';
//   import { useWorkbench } from './workbench';
//
//   describe('status bar', () => {
//     let sandbox: Sandbox;
//     before(async () => { sandbox = await startSandbox(); });           // register before useWorkbench
//     after(() => sandbox.close());
//     const wb = useWorkbench(() => ({ settings: { 'firecrawl.apiUrl': sandbox.url }, env: { FIRECRAWL_API_KEY: sandbox.keys.valid } }));
//     it('shows credits', async () => {
//       await wb().statusBarItem(/credits/).waitFor();
//       await wb().screenshot('credits');
//     });
//   });
//
// A failing test leaves <test name>-failure.png and .log (console and server log) in
// .test-artifacts/screenshots/.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, afterEach, before } from 'node:test';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { until } from '../support/until';

export { until };

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { publisher: string; name: string };
/** publisher.name, the prefix VS Code puts on the DOM ids of the extension's status bar entries. */
export const extensionId = `${manifest.publisher}.${manifest.name}`;

/** The workbench root carries a class per colour theme; waiting for it means the theme is applied. */
const THEME_CLASS = { dark: 'vscode-theme-defaults-themes-dark_modern-json', light: 'vscode-theme-defaults-themes-light_modern-json', highContrast: 'vscode-theme-defaults-themes-hc_black-json' };

export interface WorkbenchOptions {
  /** User settings, merged over quiet defaults (no welcome page, telemetry off, ...). */
  settings?: Record<string, unknown>;
  /** Extension-host environment, e.g. FIRECRAWL_API_KEY. FIRECRAWL_API_* from the outer shell is never inherited. */
  env?: Record<string, string>;
  /** Default 'dark' (Default Dark Modern); 'light' is Default Light Modern, 'highContrast' Default High Contrast. */
  theme?: 'dark' | 'light' | 'highContrast';
  /** Files written into the workspace folder before it opens (relative path → text). */
  workspaceFiles?: Record<string, string>;
  /** Default 1280×800. */
  viewport?: { width: number; height: number };
  /** Whole-workbench lifetime limit; after it everything is killed. Default 300 s. */
  timeoutMs?: number;
  /** 'web' installs the package whose manifest has only the `browser` entry (a web-worker host). Default 'node'. */
  variant?: 'node' | 'web';
  /** More extension folders to install next to Firecrawl (e.g. a probe under test/ui/fixtures/, named publisher.name-version). */
  extraExtensions?: string[];
  /** The display language VS Code starts in (`--locale`), e.g. 'ja'; default English. */
  locale?: string;
}

export interface ConsoleLine {
  text: string;
  type: string;
  level?: string;
  /** From the extension host (console.* of extensions) rather than the workbench. */
  host: boolean;
}

export interface Workbench {
  readonly page: Page;
  /** http://127.0.0.1:PORT of this code-server. */
  readonly url: string;
  /** The workspace folder that is open. */
  readonly workspace: string;
  /** Everything the page printed, in order. */
  readonly console: ConsoleLine[];
  /** Saves .test-artifacts/screenshots/<name>.png (whole window) and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Runs a command through the palette by its full title, e.g. 'Firecrawl: Show Logs'. */
  runCommand(title: string): Promise<void>;
  /**
   * Runs a command until what it opens (`shown`) is on screen: a quick input can close as it opens when
   * something else takes focus back (a preview, a tree revealing a row). Three tries at most.
   */
  runCommandUntil(title: string, shown: Locator): Promise<void>;
  /**
   * Opens the palette on `query` (`>` for commands) and waits until `row` is shown in it, reopening
   * the palette until it is: its list is computed when it opens. The palette stays open.
   */
  showInPalette(query: string, row: Locator, timeoutMs?: number): Promise<void>;
  /** A status bar entry whose text matches (the codicon is a child `.codicon-<name>`). */
  statusBarItem(text: string | RegExp): Locator;
  /** The status bar entry the extension created with `createStatusBarItem(id)`, e.g. 'firecrawl.credits'. */
  statusBarEntry(id: string): Locator;
  /** The quick input (palette, quick pick, input box). */
  quickInput(): Locator;
  /** Rows of the open quick pick. */
  quickInputRows(): Locator;
  /**
   * Waits until the quick input page whose title matches takes keys: shown with its box focused and,
   * on a page with a list, a row highlighted (the list comes with the title; the highlight may follow).
   */
  quickInputPage(title: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Waits until `target` is visible and done moving: no animation or transition of it or inside it still running (a toast sliding in, a hover fading in). */
  settled(target: Locator): Promise<void>;
  /** Types into the open input box / quick pick and presses Enter. */
  submitQuickInput(text: string): Promise<void>;
  /** A notification toast whose text matches. */
  notification(text: string | RegExp): Locator;
  /**
   * A notification with its buttons: its toast, or its row in the notification center, opened for it when
   * no toast came. VS Code shows no toast for a notification that comes while the center is open or
   * right after three others (800 ms); it is in the center all the same. `inCenter`: close the center
   * when done (toasts stay hidden while it is open).
   */
  noticeWithButtons(text: string | RegExp): Promise<{ notice: Locator; inCenter: boolean }>;
  /** Closes the notification center if it is open (toasts stay hidden while it is). */
  hideNotificationCenter(): Promise<void>;
  /** Rows of a tree view by its name (the pane header); read `.label-name` / `.label-description`. */
  treeRows(viewName: string): Locator;
  /** The first row of a tree view whose label matches. */
  treeRow(viewName: string, label: string | RegExp): Locator;
  /** The line a tree view shows above its rows (`TreeView.message`). */
  viewMessage(viewName: string): Locator;
  /** Opens a workspace file by name through Quick Open, once its tab is there. */
  openFile(name: string): Promise<void>;
  /** Opens a view container from the activity bar by its title. */
  openViewContainer(title: string): Promise<void>;
  /** The content frame of the active webview (two nested iframes). */
  webviewFrame(): FrameLocator;
  /** Visible text of the Output view (its editor renders only what is on screen). */
  outputText(): Promise<string>;
  /** Name of the channel the Output view shows, once it is open. */
  outputChannel(): Promise<string>;
  /**
   * Hovers `target` and returns the hover widget that appears, done moving, and its text as read then;
   * with `text`, the one that says it (a row that moves while the pointer arrives shows another's, or
   * none). A redraw of the target (a poll landing) closes its tooltip: it hovers again until one is read.
   */
  hover(target: Locator, text?: RegExp | string): Promise<{ widget: Locator; text: string }>;
  /** Visible text of the active editor (Monaco renders only the lines on screen). */
  editorText(): Promise<string>;
  /** The tail of code-server's log (server and extension host). */
  serverLog(lines?: number): string;
  /**
   * Another window of the same editor: a second page in the same browser profile on the same
   * code-server, so it shares globalState and the global storage folder, with its own extension host.
   * Playwright's focus emulation is left on: both windows count as focused.
   */
  openWindow(): Promise<Workbench>;
  close(): Promise<void>;
}

interface CodeServerModule {
  startCodeServer(options: Record<string, unknown>): Promise<{
    url: string;
    workspace: string;
    runDir: string;
    logFile: string;
    workbenchUrl(payload?: unknown): string;
    close(options?: { keepRunDir?: boolean }): Promise<void>;
  }>;
  launchBrowser(options: { runDir: string }): Promise<Browser>;
  forwardConsole(page: Page, onLine: (text: string, meta: { type: string; level?: string; host: boolean }) => void): () => Promise<void>;
  waitForWorkbench(page: Page, timeout?: number): Promise<void>;
  makeRunDir(prefix?: string): string;
  screenshotDir(root?: string): string;
}

function load<T>(file: string): Promise<T> {
  // A computed specifier keeps this a real dynamic import of the ES module after transpiling to CommonJS.
  return import(pathToFileURL(path.join(root, 'scripts', 'vscode', file)).href) as Promise<T>;
}

const prepared = new Map<string, Promise<string[]>>();

/** Extension folders to load: from scripts/vscode/ui.mjs, or packaged and installed here when a test file runs alone. */
function installedExtensions(variant: 'node' | 'web'): Promise<string[]> {
  if (process.env.FIRECRAWL_UI_EXTENSIONS && (process.env.FIRECRAWL_UI_VARIANT ?? 'node') === variant) {
    return Promise.resolve(JSON.parse(process.env.FIRECRAWL_UI_EXTENSIONS) as string[]);
  }
  let installing = prepared.get(variant);
  if (!installing) {
    installing = (async () => {
      const ui = await load<{ prepareExtension(o: { root: string; variant: string }): Promise<{ extensions: string[]; dispose(): void }> }>('ui.mjs');
      const result = await ui.prepareExtension({ root, variant });
      process.once('exit', () => result.dispose());
      return result.extensions;
    })();
    prepared.set(variant, installing);
  }
  return installing;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Opens the palette on `query` until `row` shows in it, or throws past `deadline`. Right after start-up
 * the palette may be computed before the extension's contributions arrive, and a context key set a
 * moment ago may not be read yet; it does not refresh while open.
 */
async function paletteShows(page: Page, query: string, row: Locator, deadline: number): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  for (;;) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    // On a busy machine an F1 pressed while another quick input is still closing, or while a webview
    // has focus, can be lost: press it again. The palette can also close again between opening and
    // typing (a view taking focus as it updates).
    const shown = await widget
      .locator('input')
      .fill(query, { timeout: 5000 })
      .then(() => row.waitFor({ state: 'visible', timeout: 3000 }))
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
    if (Date.now() > deadline) throw new Error(`"${query}" does not show the row looked for in the command palette`);
  }
}

function slug(name: string): string {
  return (
    name
      .replace(/[^a-zA-Z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'screenshot'
  );
}

export async function openWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const cs = await load<CodeServerModule>('codeserver.mjs');
  const extensions = await installedExtensions(options.variant ?? 'node');
  const parent = process.env.FIRECRAWL_UI_RUN_DIR;
  const runDir = parent && fs.existsSync(parent) ? fs.mkdtempSync(path.join(parent, 'wb-')) : cs.makeRunDir('firecrawl-wb-');
  const baseEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('FIRECRAWL_API_')) baseEnv[key] = value;
  }

  let server: Awaited<ReturnType<CodeServerModule['startCodeServer']>> | undefined;
  let browser: Browser | undefined;
  let closed = false;
  let lifetime: NodeJS.Timeout | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (lifetime) clearTimeout(lifetime);
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    fs.rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    server = await cs.startCodeServer({
      root,
      runDir,
      extensions: [...extensions, ...(options.extraExtensions ?? [])],
      // Tests only ever talk to loopback: without a sandbox URL the extension gets a closed port,
      // never the real service.
      settings: { 'firecrawl.apiUrl': 'http://127.0.0.1:9', ...(options.settings ?? {}) },
      theme: options.theme ?? 'dark',
      ...(options.locale ? { locale: options.locale } : {}),
      workspaceFiles: options.workspaceFiles ?? {},
      env: { ...(options.env ?? {}) },
      baseEnv,
      log: () => undefined,
    });
    const timeoutMs = options.timeoutMs ?? 300_000;
    lifetime = setTimeout(() => {
      console.error(`[workbench] still open after ${timeoutMs / 1000} s: closing it`);
      void close();
    }, timeoutMs);
    lifetime.unref();

    browser = await cs.launchBrowser({ runDir });
    // Clipboard access lets commands that copy (vscode.env.clipboard) work in the web workbench.
    // A context of our own (not browser.newPage's), so a second window can open in the same profile.
    const profile = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await profile.newPage();
    page.setDefaultTimeout(20_000);
    const lines: ConsoleLine[] = [];
    cs.forwardConsole(page, (text, meta) => {
      lines.push({ text, ...meta });
      if (process.env.FIRECRAWL_VSCODE_VERBOSE === '1') console.error(`[${meta.host ? 'host' : 'workbench'} ${meta.level ?? meta.type}] ${text}`);
    });
    await page.goto(server.workbenchUrl());
    await cs.waitForWorkbench(page);
    await page.locator(`.monaco-workbench.${THEME_CLASS[options.theme ?? 'dark']}`).waitFor({ timeout: 60_000 });
    const srv = server;
    const theme = options.theme ?? 'dark';
    const openWindow = async (): Promise<Workbench> => {
      const other = await page.context().newPage();
      other.setDefaultTimeout(20_000);
      const otherLines: ConsoleLine[] = [];
      cs.forwardConsole(other, (text, meta) => otherLines.push({ text, ...meta }));
      await other.goto(srv.workbenchUrl());
      await cs.waitForWorkbench(other);
      await other.locator(`.monaco-workbench.${THEME_CLASS[theme]}`).waitFor({ timeout: 60_000 });
      return bindWorkbench(other, srv, otherLines, cs, openWindow, () => other.close());
    };
    return bindWorkbench(page, srv, lines, cs, openWindow, close);
  } catch (error) {
    if (browser) {
      const page = browser.contexts()[0]?.pages()[0];
      await page?.screenshot({ path: path.join(cs.screenshotDir(root), 'open-workbench-failure.png') }).catch(() => undefined);
    }
    const log = server ? fs.readFileSync(server.logFile, 'utf8').split('\n').slice(-40).join('\n') : '';
    await close();
    if (log && error instanceof Error) error.message += `\n--- code-server log (tail) ---\n${log}`;
    throw error;
  }
}

function bindWorkbench(
  page: Page,
  srv: Awaited<ReturnType<CodeServerModule['startCodeServer']>>,
  lines: ConsoleLine[],
  cs: CodeServerModule,
  openWindow: () => Promise<Workbench>,
  close: () => Promise<void>,
): Workbench {
  /** A view's pane, by the name in its header. */
  const pane = (viewName: string) => page.locator(`.pane:has(.pane-header[aria-label^="${viewName.replace(/"/g, '\\"')}"])`);
  const wb: Workbench = {
    page,
    url: srv.url,
    workspace: srv.workspace,
    console: lines,
    async screenshot(name) {
      const file = path.join(cs.screenshotDir(root), `${slug(name)}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async runCommand(title) {
      const widget = page.locator('.quick-input-widget');
      const row = widget
        .locator('.quick-input-list .monaco-list-row')
        .filter({
          has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }),
        })
        .first();
      const deadline = Date.now() + 30_000;
      for (;;) {
        await paletteShows(page, `>${title}`, row, deadline);
        // The palette can close between showing the row and the click (a tree revealing a new row with
        // focus, a moment after the command that tracked it): open it again rather than wait on a row
        // that will not come back.
        const clicked = await row.click({ timeout: 3000 }).then(
          () => true,
          () => false,
        );
        if (clicked) break;
        if (Date.now() > deadline) throw new Error(`command "${title}" could not be clicked in the command palette`);
      }
      await widget.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined); // commands may open their own quick input
    },
    async runCommandUntil(title, shown) {
      for (let attempt = 1; ; attempt++) {
        await this.runCommand(title);
        const opened = await shown.waitFor({ state: 'visible', timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        if (opened) return;
        if (attempt === 3) throw new Error(`what "${title}" opens did not show after three tries`);
      }
    },
    showInPalette(query, row, timeoutMs = 20_000) {
      return paletteShows(page, query, row, Date.now() + timeoutMs);
    },
    statusBarItem(text) {
      return page.locator('.statusbar-item', { hasText: text });
    },
    statusBarEntry(id) {
      return page.locator(`.statusbar-item[id="${extensionId}.${id}"]`);
    },
    quickInput() {
      return page.locator('.quick-input-widget');
    },
    quickInputRows() {
      return page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    },
    async quickInputPage(text, timeoutMs = 15_000) {
      await page.locator('.quick-input-widget .quick-input-title').filter({ hasText: text }).waitFor({ state: 'visible', timeout: timeoutMs });
      await page.waitForFunction(
        () => {
          const widget = document.querySelector('.quick-input-widget');
          if (!widget?.contains(document.activeElement)) return false;
          const list = widget.querySelector<HTMLElement>('.quick-input-list');
          const listShown = list !== null && list.checkVisibility() && list.querySelector('.monaco-list-row') !== null;
          return !listShown || list.querySelector('.monaco-list-row.focused') !== null;
        },
        undefined,
        { timeout: timeoutMs },
      );
    },
    async settled(target) {
      await target.waitFor({ state: 'visible' });
      await target.evaluate(stillNow);
    },
    async submitQuickInput(text) {
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      await input.fill(text);
      await input.press('Enter');
    },
    notification(text) {
      return page.locator('.notifications-toasts .notification-toast', { hasText: text });
    },
    async noticeWithButtons(text) {
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text });
      const shown = await toast
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) return { notice: toast, inCenter: false };
      await this.runCommand('Notifications: Show Notifications');
      const row = page.locator('.notifications-center .notification-list-item', { hasText: text });
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      return { notice: row, inCenter: true };
    },
    async hideNotificationCenter() {
      const center = page.locator('.notifications-center.visible');
      if ((await center.count()) === 0) return;
      await center.locator('.codicon-notifications-hide').first().click();
      await center.waitFor({ state: 'hidden' });
    },
    treeRows(viewName) {
      return pane(viewName).locator('.monaco-list-row');
    },
    treeRow(viewName, label) {
      return this.treeRows(viewName)
        .filter({ has: page.locator('.label-name', { hasText: label }) })
        .first();
    },
    viewMessage(viewName) {
      return pane(viewName).locator('.message');
    },
    async openFile(name) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+P');
      const widget = page.locator('.quick-input-widget');
      await widget.waitFor({ state: 'visible' });
      await widget.locator('input').fill(name);
      await widget.locator('.quick-input-list .monaco-list-row').filter({ hasText: name }).first().click();
      await page.locator(`.tabs-container .tab[aria-label^="${name.replace(/"/g, '\\"')}"]`).waitFor();
    },
    async openViewContainer(title) {
      await page.locator(`.activitybar .action-item a[aria-label^="${title.replace(/"/g, '\\"')}"]`).click();
    },
    webviewFrame() {
      return page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    },
    async outputText() {
      const lines = page.locator('.part.panel .output-view .view-lines');
      await lines.waitFor({ state: 'visible' });
      return (await lines.innerText()).replace(/\u00a0/g, ' ');
    },
    async outputChannel() {
      // The panel holds a hidden copy of the channel picker too: use the visible one.
      const select = page.locator('.part.panel .title-actions select.monaco-select-box:visible, .part.panel .global-actions select.monaco-select-box:visible').first();
      await select.waitFor({ state: 'visible' });
      return (await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '')).trim();
    },
    async hover(target, text) {
      const any = page.locator('.monaco-hover:visible, .workbench-hover:visible');
      const widget = (text === undefined ? any : any.filter({ hasText: text })).first();
      let read = '';
      await until(
        'the tooltip, read',
        async () => {
          await hoverUntilShown(page, target, widget);
          read = await widget
            .evaluate(stillNow, undefined, { timeout: 2_000 })
            .then(() => widget.innerText({ timeout: 2_000 }))
            .then(
              (t) => t.replace(/\u00a0/g, ' ').trim(),
              () => '',
            );
          return read !== '';
        },
        90_000,
      );
      return { widget, text: read };
    },
    async editorText() {
      const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
      await lines.waitFor({ state: 'visible' });
      return (await lines.innerText()).replace(/\u00a0/g, ' ');
    },
    serverLog(count = 80) {
      try {
        return fs.readFileSync(srv.logFile, 'utf8').split('\n').slice(-count).join('\n');
      } catch {
        return '';
      }
    },
    openWindow,
    close,
  };
  return wb;
}

/** Resolves once `el` and what it holds are done moving (a toast sliding in, a hover fading in). */
async function stillNow(el: Element): Promise<void> {
  // A class that starts a transition takes effect with the next frame's styles.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const finite = el.getAnimations({ subtree: true }).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
}

/** A locator's text as the user reads it: non-breaking spaces as spaces, trimmed. */
export async function shownText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ').trim();
}

/**
 * Hovers `target` until `shown` (a tooltip) is visible. A redraw can replace the element under the
 * pointer just as it arrives; a pointer that then stays put gets no new mouseover, so it moves away and
 * back until the tooltip shows.
 */
export async function hoverUntilShown(page: Page, target: Locator, shown: Locator, position?: { x: number; y: number }): Promise<void> {
  await until(
    'the tooltip',
    async () => {
      await page.mouse.move(0, 0);
      await target.hover(position ? { position } : {});
      // Longer than the workbench's hover delay on a loaded machine: a shorter wait would move away just before it shows.
      return shown.waitFor({ state: 'visible', timeout: 5_000 }).then(
        () => true,
        () => false,
      );
    },
    45_000,
  );
}

/**
 * Registers before/afterEach/after hooks in the current suite: one workbench for all its tests,
 * a screenshot and a log of each failing test, teardown at the end. `options` may be a function,
 * evaluated in the before hook (so it can use a sandbox started by an earlier before hook).
 * Returns a getter for the open workbench.
 */
export function useWorkbench(options: WorkbenchOptions | (() => WorkbenchOptions | Promise<WorkbenchOptions>) = {}): () => Workbench {
  let wb: Workbench | undefined;
  before(async () => {
    wb = await openWorkbench(typeof options === 'function' ? await options() : options);
  });
  afterEach(async (t) => {
    if (!wb || (t as { passed?: boolean }).passed !== false) return;
    await saveFailure(wb, t.name);
  });
  after(async () => {
    await wb?.close();
  });
  return () => {
    if (!wb) throw new Error('the workbench is not open (did its before hook fail?)');
    return wb;
  };
}

/** Saves <name>-failure.png and <name>-failure.log (page console and server log) for a failed check. */
export async function saveFailure(wb: Workbench, name: string): Promise<void> {
  const shot = await wb.screenshot(`${name}-failure`).catch(() => undefined);
  const log = path.join(path.dirname(shot ?? path.join(root, '.test-artifacts', 'screenshots', 'x')), `${slug(name)}-failure.log`);
  const text = ['--- page console ---', ...wb.console.map((l) => `[${l.host ? 'host' : 'workbench'} ${l.level ?? l.type}] ${l.text}`), '--- code-server log ---', wb.serverLog(200)].join('\n');
  fs.mkdirSync(path.dirname(log), { recursive: true });
  fs.writeFileSync(log, text);
  console.error(`[workbench] failure artifacts: ${shot ?? '(no screenshot)'} ${log}`);
}

// A `vscode` module stand-in for timing activation outside an editor. Every unknown member is a
// callable that returns a disposable, so activation runs its real code paths without a host.
'use strict';

function disposable() {
  return { dispose() {} };
}

function anything(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_t, prop) {
      // Not a thenable: `await` on a stub must not hang.
      if (prop === 'then') return undefined;
      if (prop === 'dispose') return () => undefined;
      if (prop === Symbol.toPrimitive) return () => name;
      return anything(`${name}.${String(prop)}`);
    },
    apply() {
      return anything(`${name}()`);
    },
    construct() {
      return anything(`new ${name}`);
    },
  });
}

class EventEmitter {
  constructor() {
    this.listeners = new Set();
    this.event = (listener) => {
      this.listeners.add(listener);
      return { dispose: () => this.listeners.delete(listener) };
    };
  }
  fire(value) {
    for (const l of this.listeners) l(value);
  }
  dispose() {
    this.listeners.clear();
  }
}

const noEvent = () => disposable();

function configuration(values) {
  return {
    get: (key, fallback) => (key in values ? values[key] : fallback),
    inspect: () => ({}),
    has: () => false,
    update: async () => undefined,
  };
}

function createStub() {
  const registered = [];
  const stub = {
    EventEmitter,
    Disposable: class {
      constructor(fn) {
        this.dispose = fn;
      }
      static from(...items) {
        return { dispose: () => items.forEach((i) => i.dispose()) };
      }
    },
    ThemeColor: class {
      constructor(id) {
        this.id = id;
      }
    },
    ThemeIcon: class {
      constructor(id, color) {
        this.id = id;
        this.color = color;
      }
    },
    MarkdownString: class {
      constructor(value = '', supportThemeIcons = false) {
        this.value = value;
        this.supportThemeIcons = supportThemeIcons;
      }
      appendText(t) {
        this.value += t;
        return this;
      }
      appendMarkdown(t) {
        this.value += t;
        return this;
      }
    },
    TreeItem: class {
      constructor(label, collapsibleState) {
        this.label = label;
        this.collapsibleState = collapsibleState;
      }
    },
    Uri: {
      parse: (value) => ({ toString: () => value, fsPath: value, scheme: value.split(':')[0], with: () => stub.Uri.parse(value) }),
      file: (p) => ({ toString: () => `file://${p}`, fsPath: p, scheme: 'file' }),
      joinPath: (base, ...parts) => ({ toString: () => [base.toString(), ...parts].join('/'), fsPath: [base.fsPath, ...parts].join('/') }),
    },
    StatusBarAlignment: { Left: 1, Right: 2 },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    InputBoxValidationSeverity: { Info: 1, Warning: 2, Error: 3 },
    QuickInputButtons: { Back: {} },
    env: { language: 'en', uiKind: 1, clipboard: { readText: async () => '', writeText: async () => undefined }, openExternal: async () => true },
    window: new Proxy(
      {
        state: { focused: true },
        onDidChangeWindowState: noEvent,
        createOutputChannel: () => ({ ...disposable(), show() {}, debug() {}, info() {}, warn() {}, error() {}, trace() {}, append() {}, appendLine() {} }),
        createStatusBarItem: () => ({ ...disposable(), show() {}, hide() {} }),
        createTreeView: () => ({ ...disposable(), visible: false, onDidChangeVisibility: noEvent, onDidExpandElement: noEvent, onDidCollapseElement: noEvent }),
        registerTreeDataProvider: () => disposable(),
        registerWebviewPanelSerializer: () => disposable(),
        showInformationMessage: async () => undefined,
        showWarningMessage: async () => undefined,
        showErrorMessage: async () => undefined,
      },
      { get: (t, p) => (p in t ? t[p] : anything(`window.${String(p)}`)) },
    ),
    commands: {
      registerCommand: (id) => {
        registered.push(id);
        return disposable();
      },
      registerTextEditorCommand: (id) => {
        registered.push(id);
        return disposable();
      },
      executeCommand: async () => undefined,
      getCommands: async () => registered,
    },
    workspace: new Proxy(
      {
        getConfiguration: () => configuration({}),
        onDidChangeConfiguration: noEvent,
        registerTextDocumentContentProvider: () => disposable(),
        // The global storage folder as an empty disk: what activation starts (the folder for the file
        // watcher, the team's lease) settles after activate() returns, outside what is timed.
        fs: {
          writeFile: async () => undefined,
          createDirectory: async () => undefined,
          readDirectory: async () => [],
          readFile: async () => {
            throw Object.assign(new Error('not found'), { code: 'FileNotFound' });
          },
          stat: async () => {
            throw Object.assign(new Error('not found'), { code: 'FileNotFound' });
          },
          rename: async () => undefined,
          delete: async () => undefined,
        },
      },
      { get: (t, p) => (p in t ? t[p] : anything(`workspace.${String(p)}`)) },
    ),
  };
  return new Proxy(stub, { get: (t, p) => (p in t ? t[p] : anything(String(p))) });
}

function memento() {
  const map = new Map();
  return { get: (k, d) => (map.has(k) ? map.get(k) : d), update: async (k, v) => void map.set(k, v), keys: () => [...map.keys()], setKeysForSync() {} };
}

function createContext(packageJSON) {
  const secrets = new Map();
  return {
    subscriptions: [],
    extensionMode: 1,
    extension: { packageJSON },
    extensionUri: { fsPath: '/ext', toString: () => 'file:///ext' },
    extensionPath: '/ext',
    globalStorageUri: { fsPath: '/tmp/firecrawl-bench-global', toString: () => 'file:///tmp/firecrawl-bench-global' },
    logUri: { fsPath: '/tmp/firecrawl-bench-log', toString: () => 'file:///tmp/firecrawl-bench-log' },
    globalState: memento(),
    workspaceState: memento(),
    secrets: {
      get: async (k) => secrets.get(k),
      store: async (k, v) => void secrets.set(k, v),
      delete: async (k) => void secrets.delete(k),
      onDidChange: noEvent,
    },
    asAbsolutePath: (p) => `/ext/${p}`,
  };
}

module.exports = { createStub, createContext };

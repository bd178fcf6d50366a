// Loading the bundles kept out of activation (see OnDemandBundle): once each, on first use. A bundle
// carries its own copy of the modules it imports, so it gets this window's platform and language
// when it loads (host/bundleInit); everything else it needs comes in through the functions it exports.
import type * as vscode from 'vscode';
import { BundleLoadError } from './bundleError';
import { type OnDemandBundle, type Platform, platform } from './platform';

/** What every on-demand bundle's entry exports besides its own API (re-exported from host/bundleInit). */
interface BundleEntry {
  initBundle(platform: Platform): void;
}

let extensionUri: vscode.Uri | undefined;
const loading = new Map<OnDemandBundle, Promise<unknown>>();

/** Set at activation: where this extension's files are. */
export function setBundleLocation(uri: vscode.Uri): void {
  extensionUri = uri;
}

export function loadOnDemand<T>(name: OnDemandBundle): Promise<T> {
  let load = loading.get(name);
  if (!load) {
    if (!extensionUri) return Promise.reject(new Error('on-demand bundles load after activation'));
    load = platform()
      .loadBundle(name, extensionUri)
      // The platform's own failure ("Failed to fetch", a missing file) does not say it was one of our files.
      .catch((cause: unknown) => {
        throw new BundleLoadError(`${name}.js`, cause);
      })
      .then((exports) => {
        (exports as BundleEntry).initBundle(platform());
        return exports;
      });
    // A failed load (a file missing after an update, say) is tried again next time.
    load.catch(() => loading.delete(name));
    loading.set(name, load);
  }
  return load as Promise<T>;
}

/** Whether `name` has been asked for (tests check that activation loads none). */
export function isLoaded(name: OnDemandBundle): boolean {
  return loading.has(name);
}

/** What a feature builds from its bundle: built on the first ask, and asked again after a failed load. */
export class BuiltOnDemand<T> {
  private building: Promise<T> | undefined;
  private value: T | undefined;

  constructor(private readonly build: () => Promise<T>) {}

  get(): Promise<T> {
    this.building ??= this.build().then((value) => (this.value = value));
    this.building.catch(() => (this.building = undefined));
    return this.building;
  }

  /** What was built; undefined until someone asked for it and its bundle loaded. */
  get built(): T | undefined {
    return this.value;
  }
}

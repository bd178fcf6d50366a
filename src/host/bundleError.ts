// A file of the extension's own (an on-demand bundle) that could not be read when first needed: in a
// browser host it is fetched, so being offline or a reinstalled extension shows up here. Recognised
// by name, not class: every bundle carries its own copy of this module.

export class BundleLoadError extends Error {
  override readonly name = 'BundleLoadError';
  constructor(
    /** The file, such as `responseRules.js`. */
    readonly file: string,
    cause: unknown,
  ) {
    // not localised: an Error's technical message (errorText words it)
    super(`could not load ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function isBundleLoadError(error: unknown): error is BundleLoadError {
  return error instanceof Error && error.name === 'BundleLoadError' && typeof (error as { file?: unknown }).file === 'string';
}

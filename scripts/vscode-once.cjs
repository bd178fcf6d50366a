// The bundles' one view of the host's `vscode` API. esbuild turns each module's
// `import * as vscode from 'vscode'` into a copy of every property of the API object (about 300),
// once per importing module: measurable at activation. Importers get this object instead: it has no
// own properties to copy, and the API itself as its prototype, so every member reads through.
'use strict';
module.exports = Object.create(require('vscode'), { __esModule: { value: true } });

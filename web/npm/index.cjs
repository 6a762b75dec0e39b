// SPDX-License-Identifier: MIT
// CommonJS: require('xcover').load() gives the same API as the ES module
// (loading is asynchronous either way, so the module is imported).
'use strict';

function load(options) {
  return import('./index.mjs').then((m) => m.load(options));
}

module.exports = { load, default: load };

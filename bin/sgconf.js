#!/usr/bin/env node
// The executable: everything lives in dist/ (built by `npm ci` through the prepare script). CommonJS
// (bin/package.json) on purpose, see src/launch.cts for why.
'use strict';

function fail(message) {
  // Never a stack trace for the user: one line on stderr, exit 2 (the tool itself failed).
  process.stderr.write(`sgconf: ${message}\n`);
  process.exitCode = 2;
}

let launch;
try {
  launch = require('../dist/launch.cjs');
} catch (error) {
  if (!error || error.code !== 'MODULE_NOT_FOUND') throw error;
  fail('dist/ is missing or incomplete: run `npm ci` (or `npm run build`) in the sgconf folder first');
}
if (launch) {
  launch.startCli(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (error) => {
      fail(`internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (process.env.SGCONF_DEBUG) process.stderr.write(`${error && error.stack ? error.stack : ''}\n`);
    },
  );
}

#!/bin/sh
":" //; for arg do shift; case "$arg" in --env-file) set -- "$@" --sgconf-env-file;; --env-file=*) set -- "$@" "--sgconf-env-file=${arg#--env-file=}";; *) set -- "$@" "$arg";; esac; done; exec node --liftoff-only --wasm-lazy-validation --no-sparkplug --interrupt-budget=250000 --experimental-wasm-compilation-hints --no-wasm-lazy-compilation "$0" "$@"
// The line above is for the shell, and a string and a comment for Node. Node 20 reads --env-file anywhere on
// its own command line and exits when the file is missing (nodejs/node#54232), before sgconf runs: started as
// a program (sgconf, npx, a pre-commit hook), the shell renames the option and starts Node on this file.
// `node bin/sgconf.js ... --env-file x` cannot be helped on Node 20: Node itself reads it first.
//
// The shell starts Node with the V8 flags of src/launch.cts (NODE_FLAGS); `node bin/sgconf.js` without them
// starts Node again with them (relaunch), since no flag is changed once V8 runs.
//
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
  const argv = process.argv.slice(2);
  (launch.needsRelaunch() ? launch.relaunch(__filename, argv) : launch.startCli(argv)).then(
    (code) => { process.exitCode = code; },
    (error) => {
      fail(`internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (process.env.SGCONF_DEBUG) process.stderr.write(`${error && error.stack ? error.stack : ''}\n`);
    },
  );
}

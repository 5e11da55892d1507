#!/usr/bin/env node
// The executable: everything lives in dist/ (built by `npm ci` through the prepare script).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error) => {
    // Never a stack trace for the user: one line on stderr, exit 2 (the tool itself failed).
    process.stderr.write(`sgconf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.SGCONF_DEBUG) process.stderr.write(`${error?.stack ?? ''}\n`);
    process.exitCode = 2;
  },
);

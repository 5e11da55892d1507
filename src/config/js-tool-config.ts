// A JavaScript tool config, run when the user asked for it (--js-config): in a worker thread with an empty
// environment and no output, so that `process.exit` ends only the worker, a loop or a promise that never
// settles ends at the time limit, and what it prints cannot reach sgconf's report (docs/security.md).
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

/** How long a tool config may take to give its settings. */
export const JS_TOOL_CONFIG_TIME_MS = 5000;

export type JsToolConfigResult = { ok: true; value: unknown } | { ok: false; reason: string };

// Runs in the worker: imports the module (ESM or CommonJS), awaits a promised default, sends back JSON.
const LOADER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.href)
  .then((module) => (module && 'default' in module ? module.default : module))
  .then((value) => parentPort.postMessage({ ok: true, json: JSON.stringify(value === undefined ? {} : value) }))
  .catch((error) => parentPort.postMessage({ ok: false, reason: String(error && error.message ? error.message : error).split('\\n')[0] }));
`;

export function runJsToolConfig(file: string, timeMs = JS_TOOL_CONFIG_TIME_MS): Promise<JsToolConfigResult> {
  return new Promise((resolve) => {
    const worker = new Worker(LOADER, {
      eval: true,
      workerData: { href: pathToFileURL(file).href },
      env: {},
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    // What the config prints is read and dropped: it must not become a line of the report.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (result: JsToolConfigResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: `it did not give its settings within ${timeMs / 1000} s (an endless loop or a promise that never settles)` }), timeMs);
    worker.on('message', (message: { ok: true; json: string } | { ok: false; reason: string }) => {
      if (!message.ok) return settle({ ok: false, reason: `it throws: ${message.reason}` });
      try {
        settle({ ok: true, value: JSON.parse(message.json) as unknown });
      } catch {
        settle({ ok: false, reason: 'its settings are not plain data' });
      }
    });
    worker.on('error', (error) => settle({ ok: false, reason: `it throws: ${error.message.split('\n')[0]}` }));
    // Exit code 0 without settings: process.exit(0), or a promise that never settles (the worker's event loop ran dry).
    worker.on('exit', (code) => settle({ ok: false, reason: code === 0 ? 'it ended before giving its settings (process.exit, or a promise that never settles)' : `it ended the process (exit code ${code}) before giving its settings` }));
  });
}

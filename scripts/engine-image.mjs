#!/usr/bin/env node
// Build step after tsc: the start images (src/otto/start-image.ts) of the newest releases' otto, each
// program started (the engine also prepared: underscore.js), which a thread then starts from instead of
// running Go's start: dist/engine-start-<otto>.bin for the sandbox's workers, dist/parser-start-<otto>.bin
// for lint's otto parser. Also dist/engine-start.json, which names the engine's module for the launcher.
// Made on the machine that builds (not committed); without an image, or with one for another module, a
// program starts as before.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const { captureStartImage, moduleFile, readData, startImageFile } = await import(pathToFileURL(path.join(dist, 'otto', 'load.js')).href);
const { DEFAULT_OTTO } = await import(pathToFileURL(path.join(dist, 'sync', 'engine.js')).href);
const written = [];
for (const program of ['engine', 'parser']) {
  const image = captureStartImage(program, readFileSync(moduleFile(program, DEFAULT_OTTO)), readData(program, DEFAULT_OTTO));
  const file = fileURLToPath(startImageFile(program, DEFAULT_OTTO));
  writeFileSync(`${file}.tmp`, image);
  renameSync(`${file}.tmp`, file);
  written.push(`${path.relative(root, file)} (${(image.length / 1e6).toFixed(1)} MB)`);
}
// Which module the sandbox starts, for the launcher (src/launch.cts), which compiles it while the CLI loads.
const named = { generatedBy: 'scripts/engine-image.mjs', otto: DEFAULT_OTTO, module: path.relative(root, fileURLToPath(moduleFile('engine', DEFAULT_OTTO))) };
writeFileSync(path.join(dist, 'engine-start.json'), `${JSON.stringify(named, null, 2)}\n`);
process.stderr.write(`engine-image: ${written.join(', ')}, dist/engine-start.json\n`);
// The programs wait for calls forever: end here.
process.exit(0);

#!/usr/bin/env node
// Build step after tsc: the start image of the engine of the newest releases' otto (src/otto/start-image.ts),
// dist/engine-start-<otto>.bin, and dist/engine-start.json, which names its module for the launcher: the engine started and prepared, which each sandbox worker then starts
// from instead of running Go's start and underscore.js. Made on the machine that builds (it is not
// committed); a worker without it, or with one for another module, starts the engine as before.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const { captureStartImage, ottoModuleFile, readEngineData, startImageFile } = await import(pathToFileURL(path.join(dist, 'otto', 'load.js')).href);
const { DEFAULT_OTTO } = await import(pathToFileURL(path.join(dist, 'sync', 'engine.js')).href);
const image = captureStartImage(readFileSync(ottoModuleFile(DEFAULT_OTTO)), readEngineData(DEFAULT_OTTO));
const file = fileURLToPath(startImageFile(DEFAULT_OTTO));
writeFileSync(`${file}.tmp`, image);
renameSync(`${file}.tmp`, file);
// Which module the sandbox starts, for the launcher (src/launch.cts), which compiles it while the CLI loads.
const named = { generatedBy: 'scripts/engine-image.mjs', otto: DEFAULT_OTTO, module: path.relative(root, fileURLToPath(ottoModuleFile(DEFAULT_OTTO))) };
writeFileSync(path.join(dist, 'engine-start.json'), `${JSON.stringify(named, null, 2)}\n`);
process.stderr.write(`engine-image: ${path.relative(root, file)} (${(image.length / 1e6).toFixed(1)} MB), dist/engine-start.json\n`);
// The engine's Go program waits for calls forever: end here.
process.exit(0);

#!/usr/bin/env node
// What dist/ was built from: a digest of the build's inputs (the sources, scripts, schemas, the engine's
// modules, the examples the bundle's code caches are made on, the lock file) and the Node that built it.
// npm runs `prepare` after `npm install` in a clone and again before `npm pack`, one after the other when
// pre-commit installs the hook: the second finds dist/ built from the same inputs and skips the build.
//
//   --clear   remove the stamp (the build's first step: a build that stops half-way leaves none)
//   --write   write the stamp (the build's last step)
//   --fresh   exit 0 if dist/ holds a stamp of the inputs as they are now, 1 otherwise
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-inputs');
const INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', '.npmrc', 'bin', 'src', 'scripts', 'schemas', 'engine/wasm', 'examples'];

function files(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute).sort().flatMap((name) => files(path.join(relative, name)));
}

function digest() {
  const hash = createHash('sha256').update(`${process.version} ${process.arch} ${process.platform}\n`);
  for (const file of INPUTS.flatMap(files)) hash.update(`${file}\n`).update(readFileSync(path.join(root, file))).update('\n');
  return hash.digest('hex');
}

const mode = process.argv[2];
if (mode === '--clear') rmSync(stamp, { force: true });
else if (mode === '--write') writeFileSync(stamp, `${digest()}\n`);
else if (mode === '--fresh') process.exit(existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest() ? 0 : 1);
else {
  process.stderr.write('usage: node scripts/build-stamp.mjs --clear | --write | --fresh\n');
  process.exit(2);
}

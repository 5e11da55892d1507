// Which changed files the pre-commit hooks of .pre-commit-hooks.yaml hand to sgconf when a repository sets
// no `files`: every input of a verdict by its usual name, and nothing else. pre-commit matches `files` and
// `exclude` with Python's re.search; these patterns read the same in JavaScript. (test:clients commits
// through the real pre-commit.)
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';

const hooks = parse(readFileSync(path.resolve(__dirname, '../../.pre-commit-hooks.yaml'), 'utf8')) as { id: string; files: string; exclude: string }[];

function selects(id: string, file: string): boolean {
  const hook = hooks.find((h) => h.id === id)!;
  return new RegExp(hook.files).test(file) && !new RegExp(hook.exclude).test(file);
}

describe('the sgconf hook without `files`', () => {
  it.each([
    ['config/bootstrap.yaml', true],
    ['config/databases/orders.yaml', true],
    ['config/databases/orders-sync.js', true],
    ['functions/orders-import.js', true],
    ['sync_gateway/db.json', true],
    ['deploy/sgw-prod.yml', true],
    ['orders.sgconf.json', true],
    ['tests/orders.sgtest.yaml', true],
    ['config/databases/orders.sgtest.yaml', true],
    ['.sgconfrc.json', true],
    ['deploy.env', true],
    ['.env', true],
    ['.env.example', true],
    ['sync_gateway/README.md', false],
    ['src/app.js', false],
    ['package.json', false],
    ['sync_gateway/package.json', false],
    ['.sgconfrc.js', false],
    ['functions/node_modules/x/index.js', false],
    ['i18n/msg-en.json', false],
    ['environment.ts', false],
  ])('%s: %s', (file, expected) => {
    expect(selects('sgconf', file)).toBe(expected);
  });
});

describe('the sgconf-test hook', () => {
  it.each([
    ['tests/orders.sgtest.yaml', true],
    ['config/databases/orders.yaml', true],
    ['functions/orders-import.js', true],
    ['deploy.env', true],
    ['README.md', false],
  ])('%s: %s', (file, expected) => {
    expect(selects('sgconf-test', file)).toBe(expected);
  });
});

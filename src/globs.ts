// Glob patterns of the tool config (ignore, include, sources), matched against paths relative to its folder.
import * as path from 'node:path';

/** Whether a path (relative to `cwd`) matches one of the tool config's ignore globs (relative to `base`). */
export function ignoreMatcher(globs: readonly string[], base: string, cwd: string): (file: string) => boolean {
  const matching = matchingIgnoreGlob(globs, base, cwd);
  return (file) => matching(file) !== undefined;
}

/** The first of the tool config's ignore globs that a path (relative to `cwd`) matches, or undefined. */
export function matchingIgnoreGlob(globs: readonly string[], base: string, cwd: string): (file: string) => string | undefined {
  const patterns = globs.map((glob) => [glob, globToRegExp(glob)] as const);
  return (file) => {
    const relative = path.relative(base, path.resolve(cwd, file)).split(path.sep).join('/');
    return patterns.find(([, re]) => re.test(relative))?.[0];
  };
}

const compiled = new Map<string, RegExp>();

/**
 * `**`, `*`, `?` and `{a,b}` globs, matched against slash-separated relative paths. Each glob is made
 * into its expression once: overrides, sources and suppressions are matched for every file of a run.
 */
export function globToRegExp(glob: string): RegExp {
  let made = compiled.get(glob);
  if (!made) compiled.set(glob, made = expressionOf(glob));
  return made;
}

function expressionOf(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) re += '\\{';
      else {
        re += '(?:' + glob.slice(i + 1, close).split(',').map((s) => s.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')).join('|') + ')';
        i = close;
      }
    } else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  // A pattern without a slash matches at any depth; a folder pattern matches everything under it.
  const anchored = glob.includes('/') ? `^${re}` : `(?:^|/)${re}`;
  return new RegExp(`${anchored}(?:/.*)?$`);
}


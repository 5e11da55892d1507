// How far apart two names are: case-insensitive edit distance with transpositions, for "did you mean"
// (the closest known name) and for a misspelt secret field (src/secrets.ts).

/** The closest candidate within a distance that still reads as a typo, or undefined. */
export function closestMatch(name: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  const limit = maxDistance ?? Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    // Only a candidate that can still beat the best is measured, and only up to that distance: a config of
    // 100,000 unknown keys asks this once per key against every known field.
    const dist = boundedDistance(name, c, bestDistance - 1);
    if (dist < bestDistance) {
      best = c;
      bestDistance = dist;
    }
  }
  return best;
}

// Three rows of the distance table, reused by every call (a call allocated them: most of its time).
let rows = [0, 1, 2].map(() => new Int32Array(64));

/**
 * The edit distance of two names (case-insensitive; an insertion, deletion, substitution or swap of neighbours
 * each counts 1) when it is at most `bound`, else bound + 1; stops as soon as a row exceeds the bound.
 */
export function boundedDistance(a: string, b: string, bound: number): number {
  if (bound < 0 || Math.abs(a.length - b.length) > bound) return bound + 1;
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const n = t.length;
  if (rows[0]!.length <= n) rows = [0, 1, 2].map(() => new Int32Array(2 * n + 2));
  // Plain variables, not destructuring: in the interpreter, each destructuring allocates an iterator and
  // its results, and this runs for every key of a config (src/secrets.ts).
  let before = rows[0]!;
  let previous = rows[1]!;
  let current = rows[2]!;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    let rowMin = i;
    const si = s.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const tj = t.charCodeAt(j - 1);
      let v = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (si === tj ? 0 : 1));
      if (i > 1 && j > 1 && si === t.charCodeAt(j - 2) && s.charCodeAt(i - 2) === tj) v = Math.min(v, before[j - 2]! + 1);
      current[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > bound) return bound + 1;
    const reused = before;
    before = previous;
    previous = current;
    current = reused;
  }
  return Math.min(previous[n]!, bound + 1);
}

/**
 * Whether two lower-case names are at most one edit apart (boundedDistance(a, b, 1) <= 1, without its table):
 * in one pass past their common start. For the misspelt secret keys (src/secrets.ts), asked for every key of
 * a config while a cold start runs this in V8's interpreter, where the table cost a lint about a millisecond.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const [m, n] = [a.length, b.length];
  if (m - n > 1 || n - m > 1) return false;
  let i = 0;
  while (i < m && i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (m > n) return sameEnds(a, i + 1, b, i);
  if (n > m) return sameEnds(a, i, b, i + 1);
  if (i === m) return true;
  // A substitution at i, or the neighbours at i and i + 1 swapped.
  return sameEnds(a, i + 1, b, i + 1)
    || (a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameEnds(a, i + 2, b, i + 2));
}

/** Whether a from `i` and b from `j` are the same text. */
function sameEnds(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}

// A unified diff of two texts (for `sgconf lint --fix-dry-run`), as `diff -u` prints it. Fixes change a
// few lines: the common start and end are set aside first, and the rest is compared line by line.

export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  // A final line break ends the last line; it does not start an empty one.
  const lines = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const a = lines(before);
  const b = lines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  // Longest common subsequence of the changed middle (small: the lines between the first and last edit).
  const lcs: number[][] = Array.from({ length: midA.length + 1 }, () => new Array<number>(midB.length + 1).fill(0));
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  type Line = { op: ' ' | '-' | '+'; text: string; aLine: number; bLine: number };
  const rows: Line[] = [];
  for (let k = 0; k < head; k++) rows.push({ op: ' ', text: a[k]!, aLine: k + 1, bLine: k + 1 });
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      rows.push({ op: ' ', text: midA[i]!, aLine: head + i + 1, bLine: head + j + 1 });
      i++;
      j++;
    } else if (i < midA.length && (j >= midB.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      rows.push({ op: '-', text: midA[i]!, aLine: head + i + 1, bLine: head + j + 1 });
      i++;
    } else {
      rows.push({ op: '+', text: midB[j]!, aLine: head + i + 1, bLine: head + j + 1 });
      j++;
    }
  }
  for (let k = 0; k < tail; k++) rows.push({ op: ' ', text: a[a.length - tail + k]!, aLine: a.length - tail + k + 1, bLine: b.length - tail + k + 1 });
  // Hunks: the changed rows with `context` rows around them.
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let k = 0;
  while (k < rows.length) {
    if (rows[k]!.op === ' ') {
      k++;
      continue;
    }
    let start = Math.max(0, k - context);
    let end = k;
    for (;;) {
      while (end < rows.length && rows[end]!.op !== ' ') end++;
      let next = end;
      while (next < rows.length && rows[next]!.op === ' ' && next - end < 2 * context) next++;
      if (next < rows.length && rows[next]!.op !== ' ') end = next;
      else break;
    }
    const stop = Math.min(rows.length, end + context);
    const hunk = rows.slice(start, stop);
    const aCount = hunk.filter((l) => l.op !== '+').length;
    const bCount = hunk.filter((l) => l.op !== '-').length;
    out.push(`@@ -${hunk[0]!.aLine},${aCount} +${hunk[0]!.bLine},${bCount} @@`);
    for (const l of hunk) out.push(`${l.op}${l.text}`);
    k = stop;
    start = stop;
  }
  return out.join('\n') + '\n';
}

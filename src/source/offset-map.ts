// Maps offsets in a rewritten text back to offsets in the text it was rewritten from.
// A rewrite is described as consecutive segments: each output segment [outStart, nextOutStart) came
// from input [inStart, nextInStart). "Linear" segments were copied char for char; the others were
// replaced (an expanded variable, an escaped character), so every offset inside maps to the start of
// the input span, and an end offset maps to its end.

export interface OffsetMapper {
  /** Input offset of the character at output offset `offset`. */
  toInput(offset: number): number;
  /** Input offset for an exclusive end offset in the output. */
  toInputEnd(offset: number): number;
}

export const identityMapper: OffsetMapper = { toInput: (o) => o, toInputEnd: (o) => o };

export class SegmentMapBuilder {
  // Typed arrays that double when full: a large config has two segments per line of JavaScript in its
  // backtick strings (hundreds of thousands), and plain arrays of numbers cost several times the memory.
  private outStarts = new Int32Array(16);
  private inStarts = new Int32Array(16);
  private linear = new Uint8Array(16);
  private count = 0;

  /** Start a segment at the given offsets. */
  add(outStart: number, inStart: number, linear: boolean): void {
    const n = this.count;
    // Merge a linear segment into a preceding linear one that it continues.
    if (linear && n > 0 && this.linear[n - 1] && this.outStarts[n - 1]! - this.inStarts[n - 1]! === outStart - inStart) return;
    if (n === this.outStarts.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (size: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.outStarts = grow(this.outStarts, (size) => new Int32Array(size));
      this.inStarts = grow(this.inStarts, (size) => new Int32Array(size));
      this.linear = grow(this.linear, (size) => new Uint8Array(size));
    }
    this.outStarts[n] = outStart;
    this.inStarts[n] = inStart;
    this.linear[n] = linear ? 1 : 0;
    this.count = n + 1;
  }

  build(outLength: number, inLength: number): OffsetMapper {
    const count = this.count;
    const outStarts = this.outStarts.subarray(0, count);
    const inStarts = this.inStarts.subarray(0, count);
    const linear = this.linear.subarray(0, count);
    if (count === 0 || (count === 1 && linear[0] && outStarts[0] === 0 && inStarts[0] === 0)) {
      return identityMapper;
    }
    // The last segment with outStart <= offset (later zero-length segments win, so deleted input is skipped).
    const find = (offset: number): number => {
      let lo = 0;
      let hi = count - 1;
      if (offset < outStarts[0]!) return -1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (outStarts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    const inEndOf = (i: number): number => (i + 1 < count ? inStarts[i + 1]! : inLength);
    return {
      toInput(offset: number): number {
        if (offset >= outLength) return inLength + (offset - outLength);
        const i = find(offset);
        if (i < 0) return offset;
        return linear[i] ? inStarts[i]! + (offset - outStarts[i]!) : inStarts[i]!;
      },
      toInputEnd(offset: number): number {
        if (offset <= 0) return 0;
        // The end of the character just before `offset`.
        const i = find(offset - 1);
        if (i < 0) return offset;
        if (linear[i]) return inStarts[i]! + (offset - outStarts[i]!);
        return inEndOf(i);
      },
    };
  }
}

/** Compose: first maps C->B, second maps B->A; the result maps C->A. */
export function composeMappers(outer: OffsetMapper, inner: OffsetMapper): OffsetMapper {
  if (outer === identityMapper) return inner;
  if (inner === identityMapper) return outer;
  return {
    toInput: (o) => inner.toInput(outer.toInput(o)),
    toInputEnd: (o) => inner.toInputEnd(outer.toInputEnd(o)),
  };
}

/** Line and column (1-based, columns in UTF-16 code units) of offsets in a text. */
export class LineIndex {
  private readonly starts: number[];

  constructor(private readonly text: string) {
    // indexOf jumps (native) rather than a loop over every character: files can be megabytes.
    const starts = [0];
    const hasCR = text.indexOf('\r') >= 0;
    if (!hasCR) {
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1 };
  }

  /** The offset of a 1-based line and column (the inverse of position). */
  offset(line: number, column: number): number {
    const start = this.starts[Math.min(Math.max(line, 1), this.starts.length) - 1]!;
    return Math.min(start + column - 1, this.text.length);
  }

  lineText(line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return '';
    const next = this.starts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }

  get lineCount(): number {
    return this.starts.length;
  }
}

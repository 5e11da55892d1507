// The saved states of a Go program's linear memory, kept as the pages where each differs from the first
// state saved (the program as it started): the engine's build makes every store mark its page in a map
// at address 0 (scripts/engine-module.mjs), so the memory is always known to equal the state it was last
// saved as or restored to, except on the marked pages. Saving copies the pages that differ from the
// first state; restoring puts back only the pages that can differ.

/** The dirty map's layout, as the module exports it, and where the module's data segments end. */
export interface DirtyMap {
  bytes: number;
  pageShift: number;
  /** Below it the instantiation wrote the module's data, which no store marked. */
  dataEnd: number;
}

/**
 * A memory written whole from an image: its non-zero pages (of `pageBytes`, in order), and where their bytes
 * are: `read` copies `count` of them, from the `first`, into `into` at `at` (src/otto/start-image.ts).
 */
export interface InitialMemory {
  pages: readonly number[];
  pageBytes: number;
  read(first: number, count: number, into: Uint8Array, at: number): void;
}

/** One saved memory. */
export interface SavedMemory {
  /** The saved pages' bytes, at their places (the other pages of the buffer are never written). */
  bytes: Uint8Array;
  /** The pages where it differs from the first state saved; null for that state itself. */
  pages: ReadonlySet<number> | null;
}

/**
 * The first state's pages that may hold something (the others are zero), and their bytes one after another:
 * an image's are read as they are first needed (a fresh page of memory is costly here, and a call needs few
 * of them); those copied at the first save are all there.
 */
class FirstPages {
  private readonly index: Map<number, number>;
  private readonly loaded: Uint8Array;

  private constructor(private readonly source: InitialMemory, private readonly data: Uint8Array, loaded: boolean) {
    this.index = new Map(source.pages.map((page, i) => [page, i]));
    this.loaded = new Uint8Array(source.pages.length).fill(loaded ? 1 : 0);
  }

  static ofImage(image: InitialMemory): FirstPages {
    return new FirstPages(image, new Uint8Array(image.pages.length * image.pageBytes), false);
  }

  /** `pages` (of `pageBytes`) of a memory, copied now. */
  static copied(bytes: Uint8Array, pages: readonly number[], pageBytes: number): FirstPages {
    const data = new Uint8Array(pages.length * pageBytes);
    pages.forEach((page, i) => data.set(bytes.subarray(page * pageBytes, Math.min(bytes.length, (page + 1) * pageBytes)), i * pageBytes));
    return new FirstPages({ pages, pageBytes, read: () => {} }, data, true);
  }

  get pageBytes(): number {
    return this.source.pageBytes;
  }

  /** The bytes of page `page` (of pageBytes), or null for a page that is zero. */
  bytesOf(page: number): Uint8Array | null {
    const i = this.index.get(page);
    if (i === undefined) return null;
    const at = i * this.pageBytes;
    if (this.loaded[i] === 0) {
      this.source.read(i, 1, this.data, at);
      this.loaded[i] = 1;
    }
    return this.data.subarray(at, at + this.pageBytes);
  }
}

export class MemoryStates {
  /** Null until the first save. */
  private firstPages: FirstPages | null = null;
  /** The state the memory equals, but for the pages the map marks. */
  private current: SavedMemory | null = null;
  private readonly pageBytes: number;

  /**
   * `initial`: the memory as it is now, when it was written whole from an image (src/otto/start-image.ts:
   * its non-zero pages, and where their bytes are): the first state saved is then served from it, each page
   * read when a restore first needs it, without a copy at the save.
   */
  constructor(private readonly map: DirtyMap, private readonly memory: () => Uint8Array, private readonly initial?: InitialMemory) {
    this.pageBytes = 2 ** map.pageShift;
  }

  save(): SavedMemory {
    const bytes = this.memory();
    if (!this.firstPages) {
      // Without an image, what the program holds as it starts is its data and what it wrote since (all
      // marked), copied page by page; the rest of the memory was never written, so it is zero, and never
      // read here (its pages are not even mapped). With one, the memory is the image's pages and zero.
      if (this.initial) this.firstPages = FirstPages.ofImage(this.initial);
      else {
        const pages = this.marked(bytes, true).pages;
        for (let page = 0; page * this.pageBytes < Math.min(this.map.dataEnd, bytes.length); page++) pages.add(page);
        this.firstPages = FirstPages.copied(bytes, [...pages], this.pageBytes);
      }
      this.clearMap(bytes);
      return (this.current = { bytes: new Uint8Array(0), pages: null });
    }
    const pages = new Set([...(this.current?.pages ?? []), ...this.marked(bytes, true).pages]);
    this.clearMap(bytes);
    const copy = new Uint8Array(bytes.length);
    for (const page of pages) {
      const [start, end] = this.range(page, bytes.length);
      copy.set(bytes.subarray(start, end), start);
    }
    return (this.current = { bytes: copy, pages });
  }

  restore(state: SavedMemory): void {
    const bytes = this.memory();
    const { pages, spill } = this.marked(bytes, false);
    if (state !== this.current) {
      for (const page of this.current?.pages ?? []) pages.add(page);
      for (const page of state.pages ?? []) pages.add(page);
    }
    for (const page of pages) this.putBack(bytes, state, page, this.pageBytes);
    for (const page of spill) if (!pages.has(page)) this.putBack(bytes, state, page, MAX_STORE_BYTES);
    this.clearMap(bytes);
    this.current = state;
  }

  /** The first `length` bytes of page `page` of `state` into the memory: its own, the first state's, or zero. */
  private putBack(bytes: Uint8Array, state: SavedMemory, page: number, length: number): void {
    const [start, pageEnd] = this.range(page, bytes.length);
    const end = Math.min(pageEnd, start + length);
    if (start >= end) return;
    if (state.pages !== null && state.pages.has(page)) {
      const saved = state.bytes.subarray(start, end);
      bytes.set(saved, start);
      if (start + saved.length < end) bytes.fill(0, start + saved.length, end);
      return;
    }
    // The first state: its kept pages (which may be smaller than this one), or zero.
    const first = this.firstPages!;
    for (let at = start; at < end;) {
      const kept = Math.floor(at / first.pageBytes);
      const until = Math.min(end, (kept + 1) * first.pageBytes);
      const keptBytes = first.bytesOf(kept);
      if (keptBytes) bytes.set(keptBytes.subarray(at - kept * first.pageBytes, until - kept * first.pageBytes), at);
      else bytes.fill(0, at, until);
      at = until;
    }
  }

  /**
   * The pages the map marks: each marked byte stands for every page with its remainder. A store that
   * starts on a page may end on the next one, in its first bytes: those next pages are `spill` (in `pages`
   * too when `whole`, for a save, which keeps whole pages).
   */
  private marked(bytes: Uint8Array, whole: boolean): { pages: Set<number>; spill: Set<number> } {
    const pages = new Set<number>();
    const spill = new Set<number>();
    const count = Math.ceil(bytes.length / this.pageBytes);
    const words = new Uint32Array(bytes.buffer, 0, this.map.bytes / 4);
    for (let w = 0; w < words.length; w++) {
      if (words[w] === 0) continue;
      for (let b = w * 4; b < w * 4 + 4; b++) {
        if (bytes[b] === 0) continue;
        for (let page = b; page < count; page += this.map.bytes) {
          pages.add(page);
          if (page + 1 < count) (whole ? pages : spill).add(page + 1);
        }
      }
    }
    return { pages, spill };
  }

  private clearMap(bytes: Uint8Array): void {
    bytes.fill(0, 0, this.map.bytes);
  }

  private range(page: number, length: number): [number, number] {
    const start = page * this.pageBytes;
    return [Math.min(start, length), Math.min(start + this.pageBytes, length)];
  }
}

/** The most bytes one store writes (i64.store, f64.store). */
const MAX_STORE_BYTES = 8;

/** Marks the pages of `length` bytes from `address` in the dirty map, as the module's write barrier does. */
export function markWritten(map: DirtyMap, buffer: ArrayBuffer, address: number, length: number): void {
  if (length <= 0) return;
  const bytes = new Uint8Array(buffer, 0, map.bytes);
  for (let page = address >>> map.pageShift; page <= (address + length - 1) >>> map.pageShift; page++) bytes[page % map.bytes] = 1;
}

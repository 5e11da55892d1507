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

export class MemoryStates {
  private first: SavedMemory | null = null;
  /** The first state's pages that may hold something (the others being zero), of `initialPageBytes`. */
  private initial: InitialMemory | undefined;
  /**
   * Their bytes, one after another: those of an image are read as they are first needed (a fresh page of
   * memory is costly here, and a call needs few of them), the others are there from the first save.
   */
  private initialData: Uint8Array = new Uint8Array(0);
  private initialRead = new Uint8Array(0);
  private initialPageBytes = 0;
  /** The index of each of the first state's pages in `initialData`. */
  private initialAt = new Map<number, number>();
  /** The state the memory equals, but for the pages the map marks. */
  private current: SavedMemory | null = null;
  private readonly pageBytes: number;

  /**
   * `initial`: the memory as it is now, when it was written whole from an image (src/otto/start-image.ts:
   * its non-zero pages, and their bytes): the first state saved is then served from it, without a copy.
   */
  constructor(private readonly map: DirtyMap, private readonly memory: () => Uint8Array, initial?: InitialMemory) {
    this.pageBytes = 2 ** map.pageShift;
    this.initial = initial;
  }

  save(): SavedMemory {
    const bytes = this.memory();
    if (!this.first) {
      // Without an image, what the program holds as it starts is its data and what it wrote since (all
      // marked), copied page by page; the rest of the memory was never written, so it is zero, and never
      // read here (its pages are not even mapped). With one, the memory is the image's pages and zero.
      if (!this.initial) {
        const pages = [...this.marked(bytes, true).pages];
        for (let page = 0; page * this.pageBytes < Math.min(this.map.dataEnd, bytes.length); page++) pages.push(page);
        this.clearMap(bytes);
        const kept = [...new Set(pages)];
        this.initialData = this.copied(bytes, kept);
        this.initialRead = new Uint8Array(kept.length).fill(1);
        this.initialPageBytes = this.pageBytes;
        this.initialAt = new Map(kept.map((page, i) => [page, i]));
      } else {
        this.clearMap(bytes);
        const { pages: kept, pageBytes } = this.initial;
        this.initialData = new Uint8Array(kept.length * pageBytes);
        this.initialRead = new Uint8Array(kept.length);
        this.initialPageBytes = pageBytes;
        this.initialAt = new Map(kept.map((page, i) => [page, i]));
      }
      return (this.first = this.current = { bytes: new Uint8Array(0), pages: null });
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

  /** `pages` of the memory, one after another. */
  private copied(bytes: Uint8Array, pages: number[]): Uint8Array {
    const data = new Uint8Array(pages.length * this.pageBytes);
    pages.forEach((page, i) => {
      const [start, end] = this.range(page, bytes.length);
      data.set(bytes.subarray(start, end), i * this.pageBytes);
    });
    return data;
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
    const pageBytes = this.initialPageBytes;
    for (let at = start; at < end;) {
      const kept = Math.floor(at / pageBytes);
      const until = Math.min(end, (kept + 1) * pageBytes);
      const index = this.initialAt.get(kept);
      if (index === undefined) bytes.fill(0, at, until);
      else {
        const offset = index * pageBytes;
        if (this.initialRead[index] === 0) {
          this.initial!.read(index, 1, this.initialData, offset);
          this.initialRead[index] = 1;
        }
        bytes.set(this.initialData.subarray(offset + (at - kept * pageBytes), offset + (until - kept * pageBytes)), at);
      }
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

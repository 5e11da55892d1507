// A Go program of the engine's build as it stands once started and prepared, kept in a file (made by
// `npm run build`: scripts/engine-image.mjs; src/otto/load.ts PROGRAMS names them): the engine's, from which
// a sandbox worker starts instead of running Go's start and underscore.js (about 0.2 s of every
// `sgconf test` on this machine's cores), and otto's parser's, for lint (about 50 ms). It is the same
// state src/otto/load.ts saves and restores between calls, taken across processes: the memory's non-zero
// 4 KiB pages, the module's globals, and the loader's tables, whose JavaScript values are described by
// how to make them again (a global object, a Go callback by its id, plain data).

/** How to make one of the loader's values again. */
export type ValueRecipe =
  | { global: string }
  | { loader: true }
  | { callback: number }
  | { value: string | number | boolean | null }
  | { number: 'NaN' }
  | { undefined: true }
  | { ref: number }
  | { object: Record<string, ValueRecipe>; array: boolean };

export interface StartImageHeader {
  format: 1;
  /** The module's size in bytes: an image is only for the module it was made from. */
  moduleBytes: number;
  memoryBytes: number;
  /** The 4 KiB pages that are not zero, in order; their bytes follow the header. */
  pages: number[];
  /** The module's exported globals, as text (i64 globals are BigInts). */
  globals: { value: string; bigint: boolean }[];
  values: ValueRecipe[];
  refCounts: (number | 'Infinity')[];
  /** The indices of the values the loader's id map holds. */
  ids: number[];
  idPool: number[];
  nextCallbackTimeoutID: number;
  /** The index of the object the Go program set as its API. */
  api: number;
  /** The size of the program's trimmed module written with the image (src/otto/load.ts compileTrimmedModule), if any. */
  trimmedModuleBytes?: number;
  /** The size of the program's module with compilation hints written with the image (src/otto/load.ts compileModule), if any. */
  hintedModuleBytes?: number;
}

/** An image: its header, and its pages' bytes (in its file, or in memory). */
export interface StartImage {
  header: StartImageHeader;
  pages: ImagePages;
}

/** The pages' bytes of an image: `read` copies `count` pages, from the image's `first`, into `into` at `at`. */
export interface ImagePages {
  read(first: number, count: number, into: Uint8Array, at: number): void;
}

export const IMAGE_PAGE_BYTES = 4096;

/** The global objects a started Go program holds (syscall/js and the runtime look them up). */
const GLOBAL_PATHS = ['Object', 'Array', 'Uint8Array', 'Date', 'Promise', 'process', 'fs', 'fs.constants', 'crypto', 'performance'];

function globalAt(path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], globalThis);
}

/**
 * Describes the loader's values. `loader` is the Go loader object; `callbacks` maps each function the
 * loader made for a Go callback to its id. A value that cannot be described throws: no image then.
 */
export function describeValues(values: readonly unknown[], ids: ReadonlyMap<unknown, number>, loader: unknown, callbacks: ReadonlyMap<unknown, number>): ValueRecipe[] {
  const describe = (value: unknown, top: boolean): ValueRecipe => {
    if (!top && ids.has(value) && (typeof value === 'object' || typeof value === 'function') && value !== null) return { ref: ids.get(value)! };
    if (value === loader) return { loader: true };
    if (value === undefined) return { undefined: true };
    if (typeof value === 'number' && Number.isNaN(value)) return { number: 'NaN' };
    if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return { value: value as string | number | boolean | null };
    if (value === globalThis) return { global: '' };
    const path = GLOBAL_PATHS.find((p) => globalAt(p) === value);
    if (path) return { global: path };
    if (callbacks.has(value)) return { callback: callbacks.get(value)! };
    if (typeof value === 'object') {
      const array = Array.isArray(value) || Object.prototype.toString.call(value) === '[object Arguments]';
      return { object: Object.fromEntries(Object.entries(value as object).map(([key, v]) => [key, describe(v, false)])), array };
    }
    throw new Error(`a value the engine holds cannot be kept in a start image: ${typeof value}`);
  };
  return values.map((value) => describe(value, true));
}

/** Makes the loader's values again; `callback(id)` makes the function of a Go callback. */
export function makeValues(recipes: readonly ValueRecipe[], loader: unknown, callback: (id: number) => unknown): unknown[] {
  const values: unknown[] = [];
  const shell = (recipe: ValueRecipe): unknown => {
    if ('global' in recipe) return recipe.global === '' ? globalThis : globalAt(recipe.global);
    if ('loader' in recipe) return loader;
    if ('callback' in recipe) return callback(recipe.callback);
    if ('value' in recipe) return recipe.value;
    if ('number' in recipe) return NaN;
    if ('undefined' in recipe) return undefined;
    if ('object' in recipe) return recipe.array ? [] : {};
    return undefined;
  };
  const fill = (target: Record<string, unknown>, recipe: { object: Record<string, ValueRecipe> }): void => {
    for (const [key, inner] of Object.entries(recipe.object)) {
      if ('ref' in inner) target[key] = values[inner.ref];
      else if ('object' in inner) {
        const nested = shell(inner) as Record<string, unknown>;
        fill(nested, inner);
        target[key] = nested;
      } else target[key] = shell(inner);
    }
  };
  for (const recipe of recipes) values.push(shell(recipe));
  recipes.forEach((recipe, i) => { if ('object' in recipe) fill(values[i] as Record<string, unknown>, recipe); });
  return values;
}

/** The image as bytes: the header's length (4 bytes, little-endian), the header as JSON, the pages. */
export function encodeStartImage(header: StartImageHeader, memory: Uint8Array): Uint8Array {
  const { out, pagesAt } = withRoomForPages(header);
  header.pages.forEach((page, i) => out.set(memory.subarray(page * IMAGE_PAGE_BYTES, (page + 1) * IMAGE_PAGE_BYTES), pagesAt + i * IMAGE_PAGE_BYTES));
  return out;
}

/** An image's bytes with `header` in place of its own, the pages unchanged (the header's list of them too). */
export function withHeader(bytes: Uint8Array, header: StartImageHeader): Uint8Array {
  const found = decodeStartImageHeader(bytes, bytes.length);
  if (!found || found.header.pages.join() !== header.pages.join()) throw new Error('not an image with those pages');
  const { out, pagesAt } = withRoomForPages(header);
  out.set(bytes.subarray(found.pagesAt), pagesAt);
  return out;
}

/** An image's bytes with its header written and its pages still to be written from `pagesAt`. */
function withRoomForPages(header: StartImageHeader): { out: Uint8Array; pagesAt: number } {
  const text = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(4 + text.length + header.pages.length * IMAGE_PAGE_BYTES);
  new DataView(out.buffer).setUint32(0, text.length, true);
  out.set(text, 4);
  return { out, pagesAt: 4 + text.length };
}

/** An image whose bytes are all in memory; null when the bytes are no image of this format. */
export function decodeStartImage(bytes: Uint8Array): StartImage | null {
  const found = decodeStartImageHeader(bytes, bytes.length);
  if (!found) return null;
  const pages = bytes.subarray(found.pagesAt);
  return { header: found.header, pages: { read: (first, count, into, at) => into.set(pages.subarray(first * IMAGE_PAGE_BYTES, (first + count) * IMAGE_PAGE_BYTES), at) } };
}

/**
 * The header of an image of `imageBytes` bytes, from its first bytes (at least the header's), and where its
 * pages start; null when the bytes are no image of this format, or when the pages would not fill the rest.
 */
export function decodeStartImageHeader(bytes: Uint8Array, imageBytes: number): { header: StartImageHeader; pagesAt: number } | null {
  try {
    const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
    if (4 + length > bytes.length) return null;
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as StartImageHeader;
    if (header.format !== 1 || imageBytes - 4 - length !== header.pages.length * IMAGE_PAGE_BYTES) return null;
    return { header, pagesAt: 4 + length };
  } catch {
    return null;
  }
}

/** The runs of consecutive pages of an image: each as the index of its first page and its length. */
export function pageRuns(pages: readonly number[]): { first: number; count: number }[] {
  const runs: { first: number; count: number }[] = [];
  pages.forEach((page, i) => {
    const last = runs[runs.length - 1];
    if (last && pages[i - 1] === page - 1) last.count++;
    else runs.push({ first: i, count: 1 });
  });
  return runs;
}

/** The non-zero 4 KiB pages of a memory. */
export function nonZeroPages(memory: Uint8Array): number[] {
  const pages: number[] = [];
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength / 4);
  const perPage = IMAGE_PAGE_BYTES / 4;
  for (let page = 0; page * perPage < words.length; page++) {
    for (let w = page * perPage; w < (page + 1) * perPage; w++) {
      if (words[w] !== 0) {
        pages.push(page);
        break;
      }
    }
  }
  return pages;
}

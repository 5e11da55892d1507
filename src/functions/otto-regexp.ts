// Which JavaScript regular expressions otto refuses. otto translates every pattern into Go's RE2 syntax
// (robertkrimen/otto parser/regexp.go@b87d35c TransformRegExp) and refuses what RE2 cannot express: a
// lookahead group, "(?=" or "(?!", and a backreference, a backslash followed by a single digit 1-9
// ("\10" is read as an octal escape and passes). A refused literal fails the parse, so the gateway
// refuses the function ("Invalid regular expression: re2: Invalid (?=) <lookahead>"); `new RegExp` with
// such a pattern throws a TypeError at run time (type_regexp.go).

export interface RegExpRefusal {
  /** otto's words after "Invalid regular expression: ". */
  reason: string;
  /** Offset of the construct inside the pattern. */
  offset: number;
  /** A named group, which only a Go before 1.22 refuses. */
  namedGroup?: boolean;
}

/**
 * The first construct otto refuses in `pattern`, or null. `goReadsNamedGroups`: whether the Go the release is
 * built with reads a named group, `(?<name>`, which otto passes to Go as written (Go 1.22 and later;
 * releases/behaviour.ts regexp-named-group says which releases).
 */
export function ottoRegExpRefusal(pattern: string, goReadsNamedGroups = true): RegExpRefusal | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next !== undefined && next >= '1' && next <= '9') {
        // otto reads a run of octal digits; only a run of one digit 1-7 (or any 8, 9 run) is a backreference.
        let end = i + 1;
        if (next <= '7') {
          while (end < pattern.length && pattern[end]! >= '0' && pattern[end]! <= '7') end++;
          if (end - (i + 1) === 1) return { reason: `re2: Invalid \\${next} <backreference>`, offset: i };
        } else {
          while (end < pattern.length && pattern[end]! >= '0' && pattern[end]! <= '9') end++;
          return { reason: `re2: Invalid \\${pattern.slice(i + 1, end)} <backreference>`, offset: i };
        }
        i = end - 1;
        continue;
      }
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(' && pattern[i + 1] === '?' && (pattern[i + 2] === '=' || pattern[i + 2] === '!')) {
      return { reason: `re2: Invalid (?${pattern[i + 2]}) <lookahead>`, offset: i };
    } else if (!goReadsNamedGroups && pattern.startsWith('(?<', i) && /^[A-Za-z0-9_]+>/.test(pattern.slice(i + 3, i + 3 + 130))) {
      return { reason: 'invalid or unsupported Perl syntax: `(?<`', offset: i, namedGroup: true };
    }
  }
  return null;
}

/**
 * Where `pattern` uses \s or \S, or -1. otto passes them to RE2 as written (parser/regexp.go@b87d35c: "re2
 * (Go) has a different definition for \s: [\t\n\f\r ]"), so they match no \v and no Unicode space
 * (U+00A0, U+2028, U+FEFF ...), which JavaScript's \s matches.
 */
export function re2SpaceClassAt(pattern: string): number {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    if (pattern[i + 1] === 's' || pattern[i + 1] === 'S') return i;
    i++;
  }
  return -1;
}


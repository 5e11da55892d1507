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
}

/** The first construct otto refuses in `pattern`, or null. */
export function ottoRegExpRefusal(pattern: string): RegExpRefusal | null {
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

// Number literals that the gateway's JSON decoder (Go's encoding/json) and JavaScript read differently.
// JSON.parse reads `30.0` and `1e3` as integers and `1e309` as Infinity. Go refuses a literal with a
// fraction or an exponent in an integer field ("json: cannot unmarshal number 30.0 into Go struct field …
// of type uint32": strconv.ParseInt on the literal) and any number a float64 cannot hold (strconv.ParseFloat
// reports it out of range), so the gateway refuses the config. The JSON parser lists such literals
// (source/json.ts writtenNumbers); this stage finds which of them sit in integer fields by validating a
// copy in which each is made a fraction: the type errors of that copy are exactly the fields Go refuses.
import { getAtPointer, isObject, joinPointer, setOwn, splitPointer, type JsonValue, type Kind, type RawDiagnostic } from '../types.js';
import type { WrittenNumber } from '../source/json.js';
import { normalizeKeys } from './normalize.js';
import { validateSchema } from './validate.js';

const GO_DECODER = 'The gateway\'s JSON decoder (Go) refuses the config';

export async function goNumberFindings(kind: Kind, written: JsonValue, numbers: readonly WrittenNumber[], findings: RawDiagnostic[], toOriginal: (pointer: string) => string): Promise<void> {
  for (const number of numbers.filter((n) => !Number.isFinite(n.value))) {
    // The schema's own finding there ("not Infinity") says less: this one replaces it.
    for (let i = findings.length - 1; i >= 0; i--) if (toOriginal(findings[i]!.pointer) === number.pointer) findings.splice(i, 1);
    findings.push({
      rule: 'schema/type', severity: 'error', pointer: number.pointer, writtenPointer: number.pointer,
      message: `${nameOf(number.pointer)} is ${number.raw}, beyond the range of a 64-bit number`,
      detail: `${GO_DECODER} ("json: cannot unmarshal number ${number.raw} …"), where JavaScript reads Infinity.`,
    });
  }
  const integral = numbers.filter((n) => Number.isFinite(n.value));
  if (integral.length === 0) return;
  const copy = structuredClone(written);
  for (const number of integral) setAt(copy, number.pointer, number.value + 0.5);
  const normalized = normalizeKeys(kind, copy);
  const byPointer = new Map(integral.map((n) => [n.pointer, n]));
  for (const d of await validateSchema(kind, normalized.value)) {
    const number = d.rule === 'schema/type' ? byPointer.get(normalized.toOriginalPointer(d.pointer)) : undefined;
    if (!number) continue;
    findings.push({
      rule: 'schema/type', severity: 'error', pointer: d.pointer,
      message: `${nameOf(number.pointer)} must be an integer written without a fraction or an exponent, not ${number.raw}`,
      detail: `${GO_DECODER} ("json: cannot unmarshal number ${number.raw} into Go struct field … of type int"). Write ${String(number.value)}.`,
    });
  }
}

function nameOf(pointer: string): string {
  const tokens = splitPointer(pointer);
  return `"${tokens[tokens.length - 1] ?? ''}"`;
}

function setAt(root: JsonValue, pointer: string, value: number): void {
  const tokens = splitPointer(pointer);
  if (tokens.length === 0) return;
  const parent = getAtPointer(root, joinPointer('', ...tokens.slice(0, -1)));
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else if (isObject(parent)) setOwn(parent, last, value);
}

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
import { fieldName, validateSchema } from './validate.js';
import { schemaAt } from './at.js';

const GO_DECODER = 'The gateway\'s JSON decoder (Go) refuses the config';

export async function goNumberFindings(kind: Kind, written: JsonValue, numbers: readonly WrittenNumber[], findings: RawDiagnostic[], toOriginal: (pointer: string) => string): Promise<void> {
  for (const number of numbers.filter((n) => !Number.isFinite(n.value))) {
    // The schema's own finding there ("not Infinity") says less: this one replaces it.
    for (let i = findings.length - 1; i >= 0; i--) if (toOriginal(findings[i]!.pointer) === number.pointer) findings.splice(i, 1);
    findings.push({
      rule: 'schema/type', severity: 'error', pointer: number.pointer, writtenPointer: number.pointer,
      message: `"${fieldName(number.pointer)}" is ${number.raw}, beyond the range of a 64-bit number`,
      detail: `${GO_DECODER} ("json: cannot unmarshal number ${number.raw} …"), where JavaScript reads Infinity.`,
    });
  }
  const integral = numbers.filter((n) => Number.isFinite(n.value));
  if (integral.length === 0) return;
  // 0.5 is a fraction whatever the number (a large one plus 0.5 is the same double).
  const copy = structuredClone(written);
  for (const number of integral) setAt(copy, number.pointer, 0.5);
  const normalized = normalizeKeys(kind, copy);
  const byPointer = new Map(integral.map((n) => [n.pointer, n]));
  for (const d of await validateSchema(kind, normalized.value)) {
    const number = d.rule === 'schema/type' ? byPointer.get(normalized.toOriginalPointer(d.pointer)) : undefined;
    if (!number) continue;
    const minimum = schemaAt(kind, d.pointer)?.minimum;
    const unsigned = typeof minimum === 'number' && minimum >= 0;
    if (/^-?\d+$/.test(number.raw)) {
      // A plain integer: Go reads it where it fits the field's 64 bits (the schema's own range checks the rest).
      if (fitsGo(BigInt(number.raw), unsigned)) continue;
      findings.push({
        rule: 'schema/type', severity: 'error', pointer: d.pointer,
        message: `"${fieldName(number.pointer)}" is ${number.raw}, beyond the range of a 64-bit ${unsigned ? 'unsigned ' : ''}integer`,
        detail: `${GO_DECODER} ("json: cannot unmarshal number ${number.raw} into Go struct field … of type ${unsigned ? 'uint64' : 'int64'}").`,
      });
      continue;
    }
    const exact = Number.isSafeInteger(number.value) ? `Write ${String(number.value)}.` : 'And it is beyond the range of a 64-bit integer.';
    findings.push({
      rule: 'schema/type', severity: 'error', pointer: d.pointer,
      message: `"${fieldName(number.pointer)}" must be an integer written without a fraction or an exponent, not ${number.raw}`,
      detail: `${GO_DECODER} ("json: cannot unmarshal number ${number.raw} into Go struct field … of type int"). ${exact}`,
    });
  }
}

/** Whether Go decodes the integer into a 64-bit field (an unsigned one when the schema's minimum is 0). */
function fitsGo(value: bigint, unsigned: boolean): boolean {
  return unsigned ? value >= 0n && value <= 2n ** 64n - 1n : value >= -(2n ** 63n) && value <= 2n ** 63n - 1n;
}

function setAt(root: JsonValue, pointer: string, value: number): void {
  const tokens = splitPointer(pointer);
  if (tokens.length === 0) return;
  const parent = getAtPointer(root, joinPointer('', ...tokens.slice(0, -1)));
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else if (isObject(parent)) setOwn(parent, last, value);
}

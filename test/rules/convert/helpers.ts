// Shared by the convert/* rule tests: the converter is what emits these ids.
import { expect } from 'vitest';
import { convertLegacy } from '../../../src/convert/legacy.js';
import type { ConvertOptions } from '../../../src/convert/types.js';
import type { JsonValue, Severity } from '../../../src/types.js';

export function findings(config: JsonValue, rule: string, options?: ConvertOptions) {
  return convertLegacy(config, options).diagnostics.filter((d) => d.rule === rule);
}

export function expectFinding(config: JsonValue, rule: string, severity: Severity, pointer: string, message?: RegExp, options?: ConvertOptions): void {
  const found = findings(config, rule, options);
  expect(found.map((d) => `${d.severity} ${d.pointer}`)).toContain(`${severity} ${pointer}`);
  // What the finding says: its sentence and its detail.
  if (message) expect(found.filter((d) => d.pointer === pointer).map((d) => `${d.message} ${d.detail ?? ''}`).join('\n')).toMatch(message);
}

export function expectNone(config: JsonValue, rule: string, options?: ConvertOptions): void {
  expect(findings(config, rule, options)).toEqual([]);
}

export const cb = 'couchbases://cb1';

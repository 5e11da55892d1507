import type { Rule } from '../src/rules/types.js';
export function renderRulesTable(rules: readonly Rule[]): string;

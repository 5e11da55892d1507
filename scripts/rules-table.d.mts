import type { Rule } from '../src/rules/types.js';
export function renderRulesTable(rules: readonly Rule[]): string;
export function renderReleaseTable(rule: Rule, releases: unknown): string;
export function loadReleases(): Promise<unknown>;
export function withReleaseTable(page: string, table: string): string;
export function renderReleasesPage(releases: unknown): string;

// The programmatic API: what the CLI uses, for tools that embed sgconf.
export { lintText, analyzeText, summarize, type LintOptions, type AnalyzedFile } from './lint.js';
export { lintPaths, type LintPathsOptions } from './files.js';
export { convertLegacy } from './convert/legacy.js';
export { convertFile } from './convert/run.js';
export { buildSources } from './convert/build.js';
export { makePlan } from './plan/make.js';
export { detectKind } from './kinds/index.js';
export { formatReport, type ReportFormat } from './report/index.js';
export { allRules, findRule } from './rules/index.js';
export type { Rule, RuleContext, RuleMeta } from './rules/types.js';
export type { Diagnostic, FileResult, Kind, LintReport, Severity, RuleSetting } from './types.js';
export { RELEASES, NEWEST_RELEASE, parseRelease, type Release } from './releases/index.js';

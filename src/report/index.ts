// Formatters turn a report into text. They never decide severity.
import { jsonText } from '../messages.js';
import type { LintReport } from '../types.js';

export type ReportFormat = 'stylish' | 'json' | 'sarif' | 'github' | 'junit' | 'gitlab';
export const REPORT_FORMATS: readonly ReportFormat[] = ['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab'];

import type { FormatOptions } from './options.js';

export type { FormatOptions } from './options.js';

export async function formatReport(report: LintReport, format: ReportFormat, options: FormatOptions): Promise<string> {
  switch (format) {
    case 'json':
      return jsonText(report, 2) + '\n';
    case 'stylish':
      return (await import('./stylish.js')).formatStylish(report, options);
    case 'sarif':
      return (await import('./sarif.js')).formatSarif(report, options);
    case 'github':
      return (await import('./github.js')).formatGithub(report, options);
    case 'junit':
      return (await import('./junit.js')).formatJunit(report, options);
    case 'gitlab':
      return (await import('./gitlab.js')).formatGitlab(report, options);
  }
}

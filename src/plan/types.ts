// The runbook as data: what `sgconf plan --format json` prints and the markdown renderer reads.
import type { Kind, Severity } from '../types.js';

export interface Evidence {
  /** RFC 6901 pointer into the config as written. */
  pointer: string;
  /** 1-based line in the config file, null when the pointer is not in the file. */
  line: number | null;
  /** What the config says there (secrets are never quoted) or what it lacks. */
  text: string;
}

export interface Action {
  /** What to do, in words. */
  text: string;
  /** A command or admin-API call to run, when there is one. */
  command?: string;
}

export interface Table {
  headers: string[];
  rows: string[][];
}

export interface PlanStep {
  /** Stable identifier, e.g. `rolling-upgrade`. */
  id: string;
  title: string;
  /** Why this step is needed for this config and version pair. */
  why: string;
  evidence: Evidence[];
  actions: Action[];
  /** What to check before the next step. */
  checks: string[];
  table?: Table;
  notes?: string[];
}

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  /** Why it matters and how to fix it. */
  detail?: string;
  pointer: string;
  line: number;
  /** Id of the plan step that addresses it, when there is one. */
  step?: string;
}

export interface Plan {
  file: string;
  kind: Kind;
  from: string;
  to: string;
  steps: PlanStep[];
  /** Lint findings that do not block the upgrade but a person should read. */
  findings: Finding[];
}

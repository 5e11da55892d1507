// Rules of the "certs/" group: one module per rule, listed here. They read the facts gathered by
// src/certs/gather.ts (context.certificates); half-pair reads the document itself.
import type { Rule } from '../types.js';
import { rule as fileUnreadable } from './file-unreadable.js';
import { rule as unparseable } from './unparseable.js';
import { rule as expired } from './expired.js';
import { rule as keyMismatch } from './key-mismatch.js';
import { rule as notSignedByCa } from './not-signed-by-ca.js';
import { rule as halfPair } from './half-pair.js';

export const rules: Rule[] = [fileUnreadable, unparseable, expired, keyMismatch, notSignedByCa, halfPair];

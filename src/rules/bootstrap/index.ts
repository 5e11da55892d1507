// Rules of the "bootstrap/" group (startup validation that a schema cannot express, reference 3.4): one module per rule, listed here.
// S2/S3 are security/non-tls-server; S7 and S13 are unconditional ranges checked by the schema.
import type { Rule } from '../types.js';
import { rule as missingServer } from './missing-server.js';
import { rule as skipVerifyWithCa } from './skip-verify-with-ca.js';
import { rule as tlsCertKeyPair } from './tls-cert-key-pair.js';
import { rule as bcryptCost } from './bcrypt-cost.js';
import { rule as edition } from './edition.js';
import { rule as credentialsX509AndPassword } from './credentials-x509-and-password.js';
import { rule as serverlessBucketCredentials } from './serverless-bucket-credentials.js';
import { rule as configPolling } from './config-polling.js';
import { rule as logRotation } from './log-rotation.js';
import { rule as unusedField } from './unused-field.js';
import { rule as groupIdLength } from './group-id-length.js';

export const rules: Rule[] = [
  missingServer, skipVerifyWithCa, tlsCertKeyPair, bcryptCost, edition, credentialsX509AndPassword,
  serverlessBucketCredentials, configPolling, logRotation, unusedField, groupIdLength,
];

// Rules of the "security/" group (TLS, authentication and exposure, reference 3.4, 10): one module per rule, listed here.
// unsupported.remote_config_tls_skip_verify is reported by the functions group (it governs function sources).
import type { Rule } from '../types.js';
import { rule as nonTlsServer } from './non-tls-server.js';
import { rule as interfaceAuthentication } from './interface-authentication.js';
import { rule as credentialsInUrl } from './credentials-in-url.js';
import { rule as tlsMinimumVersion } from './tls-minimum-version.js';
import { rule as tlsSkipVerify } from './tls-skip-verify.js';
import { rule as corsOrigin } from './cors-origin.js';
import { rule as guestAllChannels } from './guest-all-channels.js';
import { rule as secretInFile } from './secret-in-file.js';
import { rule as emptyPassword } from './empty-password.js';

export const rules: Rule[] = [nonTlsServer, interfaceAuthentication, credentialsInUrl, tlsMinimumVersion, tlsSkipVerify, corsOrigin, guestAllChannels, secretInFile, emptyPassword];

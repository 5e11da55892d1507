// sgconf cert <pem> [--ca <pem>] [--format json|text]: inspect a certificate offline.
import { jsonText, printable } from '../../messages.js';
import { MAX_CONFIG_BYTES, readRegularFile } from '../../fs-async.js';
import { readScope } from '../../read-scope.js';
import path from 'node:path';
import { UsageError, type CliIO } from '../io.js';
import { parseCommandArgs } from '../args.js';
import { fsMessage } from '../../files.js';
import { inspectCertificate, type CertificateDetails, type CertificateObject, type PemInput } from '../../certs/inspect.js';

const HELP = `Usage: sgconf cert <pem> [--ca <pem>] [--format json|text]

Prints the certificate object that the deprecated GET /pools/default/certificate?extended=true
returns ({type, pem, subject, expires, warnings}), computed locally; the text format adds the subject
alternative names, the issuer, the validity with the days left and the SHA-256 fingerprint.

Options:
  --ca <pem>              warn when the certificate is not signed by this CA
  --format json|text      output format (default text)

Exit status: 0 certificate read (warnings included); 1 not a certificate (Malformed certificate); 2 misuse.
`;

export async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs(args, { ca: { type: 'string' }, format: { type: 'string', default: 'text' } }, HELP, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'a certificate file is required' : 'exactly one certificate file is expected');
  const format = values.format;
  if (format !== 'json' && format !== 'text') throw new UsageError(`unknown format "${format}" (json or text)`);

  const input = await load(positionals[0], io);
  const ca = values.ca !== undefined ? await load(values.ca, io) : undefined;
  if (!input.ok) {
    report(io, format, input.file, input.message);
    return 1;
  }
  if (ca && !ca.ok) {
    report(io, format, ca.file, ca.message);
    return 1;
  }
  const result = inspectCertificate(input.pem, ca?.pem);
  if (!result.ok) {
    report(io, format, result.file, result.error, result.detail);
    return 1;
  }
  io.stdout(format === 'json' ? jsonText(result.certificate, 2) + '\n' : renderText(result.certificate, result.details));
  return 0;
}

type Loaded = { ok: true; pem: PemInput } | { ok: false; file: string; message: string };

async function load(file: string, io: CliIO): Promise<Loaded> {
  try {
    return { ok: true, pem: { file, bytes: await readRegularFile(path.resolve(io.cwd, file), MAX_CONFIG_BYTES, readScope(io.cwd, [], false)) } };
  } catch (error) {
    return { ok: false, file, message: `cannot read the file: ${fsMessage(error)}` };
  }
}

function report(io: CliIO, format: 'json' | 'text', file: string, error: string, detail?: string): void {
  if (format === 'json') io.stdout(jsonText({ error, file, ...(detail ? { detail } : {}) }, 2) + '\n');
  else io.stdout(`${file}: ${error}${detail ? ` (${detail})` : ''}\n`);
}

function renderText(certificate: CertificateObject, details: CertificateDetails): string {
  const days = details.daysLeft < 0 ? `expired ${-details.daysLeft} day${details.daysLeft === -1 ? '' : 's'} ago` : `${details.daysLeft} day${details.daysLeft === 1 ? '' : 's'} left`;
  const lines = [
    `type:     ${certificate.type}`,
    `subject:  ${printable(certificate.subject)}`,
    `names:    ${details.subjectAltNames.length > 0 ? printable(details.subjectAltNames.join(', ')) : 'none (no subject alternative names: clients that check the host name refuse it)'}`,
    `issuer:   ${printable(details.issuer)}`,
    `valid:    ${details.validFrom} to ${certificate.expires} (${days})`,
    `expires:  ${certificate.expires}`,
    `sha256:   ${details.fingerprint256}`,
    certificate.warnings.length === 0 ? 'warnings: none' : 'warnings:',
    ...certificate.warnings.map((w) => `  - ${w.node}: ${w.message}`),
    '',
    certificate.pem.trimEnd(),
  ];
  return lines.join('\n') + '\n';
}

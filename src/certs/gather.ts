// The certificates stage of lint: reads every certificate and key file a config names and records
// facts about it for the certs/* rules. The only part of certificate checking that does I/O.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { X509Certificate, KeyObject } from 'node:crypto';
import type { JsonValue, Kind } from '../types.js';
import type { CertificateFacts } from './types.js';
import { findCertificateReferences } from './locations.js';
import { chainsTo, keyMatchesCertificate, parseCertificates, parsePrivateKey, subjectCommonName, validFrom, validTo } from './pem.js';

export interface GatherOptions {
  /** Working directory the gateway runs in: relative paths in the config are resolved against it. */
  cwd: string;
  /** Folder of the config file (only used to hint when a relative path exists there and not in cwd). */
  configDir: string;
}

interface Loaded {
  facts: CertificateFacts;
  certificates: X509Certificate[];
  key?: KeyObject;
}

// An environment reference left unexpanded (--no-env): the real path is unknown, so nothing is checked.
const ENV_REFERENCE = /\$(\{|[A-Za-z_])/;

export async function gatherCertificateFacts(kind: Kind, document: JsonValue, options: GatherOptions): Promise<CertificateFacts[]> {
  const references = findCertificateReferences(kind, document);
  const reads = new Map<string, Promise<ReadOutcome>>();
  const loaded = new Map<string, Loaded>();
  for (const reference of references) {
    const resolved = path.resolve(options.cwd, reference.path);
    let read = reads.get(resolved);
    if (!read) {
      read = readCarefully(resolved);
      reads.set(resolved, read);
    }
    const outcome = await read;
    if (!outcome.ok && ENV_REFERENCE.test(reference.path)) continue;
    const facts: CertificateFacts = { ...reference, resolvedPath: resolved, readable: outcome.ok };
    const entry: Loaded = { facts, certificates: [] };
    if (!outcome.ok) {
      facts.error = outcome.error + (await relativeHint(reference.path, options));
    } else if (reference.role === 'client-key' || reference.role === 'server-key') {
      const parsed = parsePrivateKey(outcome.bytes.toString('utf8'));
      if (parsed.error) facts.error = parsed.error;
      entry.key = parsed.key;
    } else {
      const parsed = parseCertificates(outcome.bytes);
      if (parsed.error) facts.error = parsed.error;
      entry.certificates = parsed.certificates;
      const leaf = parsed.certificates[0];
      if (leaf) {
        facts.subject = subjectCommonName(leaf);
        facts.notBefore = validFrom(leaf);
        facts.expires = validTo(leaf);
        facts.certificateCount = parsed.certificates.length;
      }
    }
    loaded.set(reference.pointer, entry);
  }
  for (const entry of loaded.values()) {
    const { facts } = entry;
    if (entry.key && facts.pairPointer) {
      const leaf = loaded.get(facts.pairPointer)?.certificates[0];
      if (leaf) facts.matchesPair = keyMatchesCertificate(leaf, entry.key);
    }
    if (facts.role === 'client-cert' && facts.caPointer && entry.certificates[0]) {
      const anchors = loaded.get(facts.caPointer)?.certificates ?? [];
      if (anchors.length > 0) facts.signedByCa = chainsTo(entry.certificates[0], anchors, entry.certificates.slice(1));
    }
  }
  return [...loaded.values()].map((entry) => entry.facts);
}

type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; error: string };

async function readCarefully(file: string): Promise<ReadOutcome> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { ok: false, error: 'it is a folder, not a file' };
    return { ok: true, bytes: await readFile(file) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, error: 'the file does not exist' };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, error: 'the file cannot be read (permission denied)' };
    return { ok: false, error: `the file cannot be read (${code ?? 'unknown error'})` };
  }
}

async function relativeHint(configPath: string, options: GatherOptions): Promise<string> {
  if (path.isAbsolute(configPath)) return '';
  const besideConfig = path.resolve(options.configDir, configPath);
  if (besideConfig === path.resolve(options.cwd, configPath)) return '';
  try {
    await stat(besideConfig);
    return ` in the working directory (${options.cwd}); it exists beside the config, but the gateway resolves relative paths against its working directory`;
  } catch {
    return '';
  }
}

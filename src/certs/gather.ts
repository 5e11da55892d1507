// The certificates stage of lint: reads every certificate and key file a config names and records
// facts about it for the certs/* rules. The only part of certificate checking that does I/O.
import { readRegularFile, stat } from '../fs-async.js';
import { mayRead, OUTSIDE_REPOSITORY, type ReadScope } from '../read-scope.js';
import path from 'node:path';
import type { X509Certificate, KeyObject } from 'node:crypto';
import type { JsonValue, Kind } from '../types.js';
import type { CertificateFacts } from './types.js';
import { findCertificateReferences, type CertificateReference } from './locations.js';
import { isKey } from './words.js';
import { chainsTo, keyMatchesCertificate, parseCertificates, parsePrivateKey, subjectCommonName, validFrom, validTo } from './pem.js';

export interface GatherOptions {
  /** Working directory the gateway runs in: relative paths in the config are resolved against it. */
  cwd: string;
  /** Folder of the config file (only used to hint when a relative path exists there and not in cwd). */
  configDir: string;
  /** Where files named by the config may be read from (absent: anywhere). */
  scope?: ReadScope;
}

/** What one file holds, read and parsed once however many references name it. */
interface Content {
  /** Why it cannot be read or holds nothing usable for its role. */
  error?: string;
  readable: boolean;
  missing?: boolean;
  outside?: boolean;
  certificates: X509Certificate[];
  key?: KeyObject;
}

// An environment reference left unexpanded (--no-env): the real path is unknown, so nothing is checked.
const ENV_REFERENCE = /\$(\{|[A-Za-z_])/;

export async function gatherCertificateFacts(
  kind: Kind, document: JsonValue, options: GatherOptions,
  references: readonly CertificateReference[] = findCertificateReferences(kind, document),
): Promise<CertificateFacts[]> {
  const reads = new Map<string, Promise<ReadOutcome>>();
  const contents = new Map<string, Promise<Content>>();
  // Every file is read (concurrently) before any fact is derived: a key's facts need its certificate's.
  const loaded = await Promise.all(references.map(async (reference) => {
    const resolvedPath = path.resolve(options.cwd, reference.path);
    const asKey = isKey(reference.role);
    const cacheKey = `${asKey ? 'key' : 'certificate'}:${resolvedPath}`;
    let content = contents.get(cacheKey);
    if (!content) {
      let read = reads.get(resolvedPath);
      if (!read) {
        // A path that does not exist here stays "not on this machine"; one that exists outside the repository is not read.
        read = mayRead(resolvedPath, options.scope) ? readCarefully(resolvedPath)
          : stat(resolvedPath).then((): ReadOutcome => ({ ok: false, error: OUTSIDE_REPOSITORY, outside: true }), () => readCarefully(resolvedPath));
        reads.set(resolvedPath, read);
      }
      content = contentOf(read, asKey);
      contents.set(cacheKey, content);
    }
    return { reference, resolvedPath, content: await content };
  }));
  const byPointer = new Map(loaded.map((entry) => [entry.reference.pointer, entry.content]));
  const out: CertificateFacts[] = [];
  for (const { reference, resolvedPath, content } of loaded) {
    if (!content.readable && ENV_REFERENCE.test(reference.path)) continue;
    const facts: CertificateFacts = { ...reference, resolvedPath, readable: content.readable, ...(content.missing ? { missing: true } : {}), ...(content.outside ? { outside: true } : {}) };
    if (content.error !== undefined) facts.error = content.readable ? content.error : content.error + (await relativeHint(reference.path, options));
    const leaf = content.certificates[0];
    if (leaf) {
      facts.subject = subjectCommonName(leaf);
      facts.notBefore = validFrom(leaf);
      facts.expires = validTo(leaf);
      facts.certificateCount = content.certificates.length;
    }
    if (content.key && facts.pairPointer) {
      const pairLeaf = byPointer.get(facts.pairPointer)?.certificates[0];
      if (pairLeaf) facts.matchesPair = keyMatchesCertificate(pairLeaf, content.key);
    }
    if (facts.role === 'client-cert' && facts.caPointer && leaf) {
      const anchors = byPointer.get(facts.caPointer)?.certificates ?? [];
      if (anchors.length > 0) facts.signedByCa = chainsTo(leaf, anchors, content.certificates.slice(1));
    }
    out.push(facts);
  }
  return out;
}

async function contentOf(read: Promise<ReadOutcome>, asKey: boolean): Promise<Content> {
  const outcome = await read;
  if (!outcome.ok) return { readable: false, error: outcome.error, missing: outcome.missing, ...(outcome.outside ? { outside: true } : {}), certificates: [] };
  if (asKey) {
    const parsed = parsePrivateKey(outcome.bytes.toString('utf8'));
    return { readable: true, error: parsed.error, certificates: [], key: parsed.key };
  }
  const parsed = parseCertificates(outcome.bytes);
  return { readable: true, error: parsed.error, certificates: parsed.certificates };
}

/** A PEM file of certificates and keys is a few KB; larger ones are not read. */
const MAX_PEM_BYTES = 1024 * 1024;

type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; error: string; missing?: boolean; outside?: boolean };

async function readCarefully(file: string): Promise<ReadOutcome> {
  try {
    return { ok: true, bytes: await readRegularFile(file, MAX_PEM_BYTES) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTREG' || code === 'EFBIG') return { ok: false, error: (error as Error).message.replace('this is a directory, not a file', 'it is a folder, not a file') };
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, error: 'the file does not exist', missing: true };
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

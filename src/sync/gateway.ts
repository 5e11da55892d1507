// The gateway's Go side of a sync function or import filter call: what it hands the function, and what it
// makes of what the function did. Two ways in: a real write (what `sgconf test` models) and the dry-run
// endpoint (what `sgconf dry-run` answers as, for releases that have one). Every step names where the
// gateway does it. What depends on Go's types (decoding the body, reading the natives' arguments, the
// import filter's result) is done in Go by the engine (engine/runner, through engine.ts); this is the rest.
import type { JsonObject, JsonValue } from '../types.js';
import { isObject, setOwn } from '../types.js';
import { isNumberText, JsonText, stringifyJson } from '../source/number-text.js';
import type { CallResult, EngineCall, ExpiryVerdict, NativeCalls } from './engine.js';
import { DRY_RUN_ERROR_PREFIX, JS_TIMEOUT_MESSAGE, ROLE_PREFIX, passesMeta, writeTakesCv, type NumberHandling } from '../releases/sync-runner.js';
import type { Release } from '../releases/index.js';
import { isValidPrincipalName } from '../releases/principals.js';
import { md5Hex } from './md5.js';

/** A real write (PUT, or a push from a client) or the dry-run endpoint. */
export type CallPath = 'write' | 'endpoint';

export interface WriterContext {
  name: string;
  roles: readonly string[];
  channels: readonly string[];
}

export interface SyncRequest {
  doc: JsonObject;
  /** The current revision; absent or null: a new document. */
  oldDoc?: JsonObject | null;
  /** The writing user; absent: an admin write (every require* passes). */
  user?: WriterContext | null;
  /** `meta.xattrs` as the endpoint takes it: one key, the database's user_xattr_key. */
  xattrs?: JsonObject;
}

export interface DatabaseSettings {
  /** The database's user_xattr_key (3.0+), if any. */
  userXattrKey?: string;
}

/** A request the gateway refuses before the function runs (an HTTP error). */
export interface Refusal {
  status: number;
  message: string;
}

/** `call`: the arguments as the engine builds the gateway's Go values of them (engine/runner/runner.go). */
export type PreparedCall = { ok: true; call: EngineCall } | { ok: false; refusal: Refusal };

const NUMBER_HANDLING: Record<CallPath, NumberHandling> = { write: 'convert', endpoint: 'keep' };

/**
 * The arguments the runner is called with: (newDoc, oldDoc, meta, userCtx), without meta
 * before 3.0. Endpoint: rest/diagnostic_doc_api.go@4.1.1 handleSyncFnDryRun then db/crud.go SyncFnDryRun
 * and prepareSyncFn. Write: db/crud.go@4.1.1 Put (and PutExistingRev) then prepareSyncFn and
 * getChannelsAndAccess. `expiry`: what the engine made of the document's `_exp` (a write that gives one).
 */
export function prepareSyncCall(request: SyncRequest, path: CallPath, release: Release, settings: DatabaseSettings, expiry?: ExpiryVerdict): PreparedCall {
  let meta: JsonObject = { xattrs: settings.userXattrKey ? { [settings.userXattrKey]: null } : {} };
  if (request.xattrs !== undefined) {
    const keys = Object.keys(request.xattrs);
    if (keys.length > 1) return refuse(400, 'only one xattr key can be specified in meta');
    if (!settings.userXattrKey) return refuse(400, 'no user xattr key configured for this database');
    if (!Object.prototype.hasOwnProperty.call(request.xattrs, settings.userXattrKey)) {
      return refuse(400, `configured user xattr key ${goQuote(settings.userXattrKey)} not found in provided xattrs`);
    }
    meta = { xattrs: request.xattrs };
  }
  // The endpoint refuses an empty name (rest/diagnostic_doc_api.go@4.1.1); on a real write the empty name is
  // the guest's, an anonymous client's (db/crud.go@4.1.1 MakeUserCtx: the guest user's Name() is "").
  if (path === 'endpoint' && request.user && request.user.name === '') return refuse(400, 'no user name provided');

  // The body the function sees, and the body the new revision's ID is hashed over (the same object where
  // they agree), each copied once from the document: deleting properties would leave V8 a slow object.
  const doc = request.doc;
  const docId = typeof doc['_id'] === 'string' && doc['_id'] !== '' ? doc['_id'] : 'sync_dryrun';
  const matchRev = typeof doc['_rev'] === 'string' ? doc['_rev'] : '';
  const generation = revGeneration(matchRev);
  if (generation < 0) return refuse(400, 'Invalid revision ID');
  const takesCv = path === 'write' && writeTakesCv(release);
  const matchCv = takesCv && typeof doc['_cv'] === 'string' ? doc['_cv'] : '';
  // Put: body.ExtractExpiry() (db/revision.go@4.1.1), read by the engine: a valid expiry leaves the body,
  // null stays in it, anything else refuses the write.
  if (expiry?.error !== undefined) return refuse(400, `Invalid expiry: ${expiry.error}`);
  const keepsExp = expiry === undefined || expiry.value === null;
  const body: JsonObject = {};
  const hashed: JsonObject = {};
  let syncPrefixed = false;
  for (const key of Object.keys(doc)) {
    // Both paths: _id, _attachments and _revisions leave the body first, _deleted after the hash.
    if (key === '_id' || key === '_attachments' || key === '_revisions') continue;
    if (path === 'write' && (key === '_rev' || (key === '_cv' && takesCv) || (key === '_exp' && !keepsExp))) continue;
    if (key.startsWith('_sync_')) syncPrefixed = true;
    if (key !== '_deleted') setOwn(body, key, doc[key]!);
    // A write hashes StripInternalProperties(body) (db/crud.go@4.1.1 Put), which keeps _deleted; the
    // endpoint hashes the body as it is, its _rev and _exp included (rest/diagnostic_doc_api.go@4.1.1
    // handleSyncFnDryRun ignores what StripInternalProperties returns), without _deleted.
    if (path === 'write' ? !strippedBeforeHash(key, release) : key !== '_deleted') setOwn(hashed, key, doc[key]!);
  }
  if (Object.prototype.hasOwnProperty.call(body, '_sync')) return refuse(400, "document-top level property '_sync' is a reserved internal property");
  // Put: a _cv that is not the current version of the document refuses the write; a new document has none.
  if (matchCv !== '' && !request.oldDoc) return refuse(409, 'Document revision conflict');
  // The endpoint drops _deleted without marking the revision deleted; a write marks it (db/crud.go Put: body[_deleted].(bool)).
  const deleted = path === 'write' && doc['_deleted'] === true;

  // validateNewBody (db/validation.go@4.1.1), run by prepareSyncFn.
  if (body['_removed'] !== undefined && body['_removed'] !== null) return refuse(404, 'Document revision is not accessible');
  if (Object.prototype.hasOwnProperty.call(body, '_purged')) return refuse(400, "user defined top-level property '_purged' is not allowed in document body");
  if (syncPrefixed) return refuse(400, "user defined top-level properties that start with '_sync_' are not allowed in document body");

  const revId = `${generation + 1}-${revDigest(matchRev, goJson(hashed))}`;
  const newDoc = body;
  newDoc['_id'] = docId;
  newDoc['_rev'] = revId;
  if (deleted) newDoc['_deleted'] = true;

  const userCtx = request.user
    ? {
        name: request.user.name,
        // A real user's channels include the public channel "!" (auth/auth.go@4.1.1 AddChannel(DocumentPublicChannel)).
        channels: path === 'write' && !request.user.channels.includes('!') ? [...request.user.channels, '!'] : request.user.channels,
        roles: request.user.roles,
      }
    : null;
  // The function's arguments come from JSON with sorted keys, as the gateway's do: the body from its
  // canonical bytes (db/crud.go@4.1.1 Put: canonicalBytesForRevID, else BodyBytes' json.Marshal), the parent
  // revision as stored. Go's decoder inserts a map's keys in the text's order, which a small map's
  // iteration (a for-in over doc.h) starts from.
  const oldDoc = request.oldDoc ? goJson(request.oldDoc) : '';
  return { ok: true, call: { doc: new JsonText(goJson(newDoc)), oldDoc, ...(passesMeta(release) ? { meta } : {}), userCtx, numbers: NUMBER_HANDLING[path] } };
}

/**
 * What the gateway changes in a document body before the sync function sees it, said for a test case so
 * that an expectation about a property the function never sees is explained (same keys as prepareSyncCall).
 */
export function inputChanges(doc: JsonObject, path: CallPath): string[] {
  const notes: string[] = [];
  const has = (key: string) => Object.prototype.hasOwnProperty.call(doc, key);
  if (has('_attachments')) notes.push('the gateway takes "_attachments" out of the body before the sync function runs: the function sees no doc._attachments');
  if (has('_revisions')) notes.push('the gateway takes "_revisions" out of the body before the sync function runs: the function sees no doc._revisions');
  if (has('_exp') && doc['_exp'] !== null && path === 'write') notes.push('the gateway takes "_exp" out of the body (it sets the document\'s expiry) before the sync function runs');
  if (has('_rev')) notes.push('the function sees the new revision\'s ID in doc._rev, not the "_rev" the body gives (that one names the revision replaced)');
  return notes;
}

/**
 * Whether a write's StripInternalProperties (db/revision.go@4.1.1) takes a key out of the body it hashes:
 * _sync, _id, _rev, _cv (from 4.0), _revisions, _exp, _purged, _removed and every _sync_ key; it keeps
 * _deleted, _attachments and other keys that start with an underscore.
 */
function strippedBeforeHash(key: string, release: Release): boolean {
  if (key.startsWith('_sync_')) return true;
  if (key === '_cv') return writeTakesCv(release);
  return key === '_sync' || key === '_id' || key === '_rev' || key === '_revisions' || key === '_exp' || key === '_purged' || key === '_removed';
}

function refuse(status: number, message: string): PreparedCall {
  return { ok: false, refusal: { status, message } };
}

/** db/revision.go@4.1.1 ParseRevID: "" is generation 0, a malformed id is -1. */
function revGeneration(revId: string): number {
  if (revId === '') return 0;
  const match = /^(\d+)-(.+)$/.exec(revId);
  if (!match || Number(match[1]) < 1) return -1;
  return Number(match[1]);
}

/** db/revision.go@4.1.1 CreateRevIDWithBytes: md5 of the parent's length byte (len() counts bytes), the parent and the body. */
function revDigest(parentRevId: string, bodyJson: string): string {
  const parent = Buffer.byteLength(parentRevId, 'utf8');
  const bytes = Buffer.allocUnsafe(1 + parent + Buffer.byteLength(bodyJson, 'utf8'));
  bytes[0] = parent & 0xff;
  bytes.write(parentRevId, 1, 'utf8');
  bytes.write(bodyJson, 1 + parent, 'utf8');
  return md5Hex(bytes);
}

/** encoding/json as the gateway marshals a body: keys sorted, <, >, & and U+2028/9 escaped. */
export function goJson(value: JsonValue): string {
  // One JSON.stringify of a copy with its keys in Go's order; a key that JavaScript would move to the
  // front (an array index such as "7") makes that object written key by key.
  const ordered = inGoOrder(value);
  const text = ordered === null ? goJsonByKey(value) : stringifyJson(ordered);
  return GO_ESCAPES.test(text) ? text.replace(GO_ESCAPES_ALL, goEscape) : text;
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
const GO_ESCAPES = /[<>&\u2028\u2029]/;
const GO_ESCAPES_ALL = /[<>&\u2028\u2029]/g;

function goEscape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A copy whose objects list their keys in Go's order, or null when an object has an array-index key. */
function inGoOrder(value: JsonValue): JsonValue | null {
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    for (const item of value) {
      const ordered = inGoOrder(item);
      if (ordered === null) return null;
      out.push(ordered);
    }
    return out;
  }
  if (isObject(value) && !isNumberText(value)) {
    const out: JsonObject = {};
    for (const key of sortGoStrings(Object.keys(value))) {
      if (ARRAY_INDEX.test(key)) return null;
      const ordered = inGoOrder(value[key]!);
      if (ordered === null) return null;
      setOwn(out, key, ordered);
    }
    return out;
  }
  return value;
}

function goJsonByKey(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(goJsonByKey).join(',')}]`;
  if (isObject(value) && !isNumberText(value)) {
    const keys = sortGoStrings(Object.keys(value));
    return `{${keys.map((key) => `${JSON.stringify(key)}:${goJsonByKey(value[key]!)}`).join(',')}}`;
  }
  return stringifyJson(value);
}

/** Go's %q for the ASCII names of these messages. */
export function goQuote(text: string): string {
  return JSON.stringify(text);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Go compares strings byte by byte (sort.Strings); JavaScript by UTF-16 code unit. The two orders differ
 * only where a character beyond U+FFFF (a surrogate pair) meets one from U+E000 to U+FFFF.
 */
export function compareGoStrings(a: string, b: string): number {
  if (SURROGATE.test(a) || SURROGATE.test(b)) return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts in place in Go's order; a list without surrogates sorts as JavaScript sorts (one test per item, not per comparison). */
export function sortGoStrings(list: string[]): string[] {
  return list.some((item) => SURROGATE.test(item)) ? list.sort(compareGoStrings) : list.sort();
}

/** The dry-run endpoint's answer (rest/diagnostic_doc_api.go@4.1.1 SyncFnDryRun), keys in its order. */
export interface SyncAnswer {
  channels: string[] | null;
  access: Record<string, string[]> | null;
  roles: Record<string, string[]> | null;
  exception?: string;
  expiry?: number;
  logging: { errors: string[]; info: string[] };
}

/** What a real write makes of the call: accepted, or refused with an HTTP status. */
export interface WriteOutcome {
  rejected: Refusal | null;
}

/**
 * The runner's After (channels/sync_runner.go@4.1.1) and the endpoint's answer. An exception, a time-out or
 * an invalid name in the results makes the call an error: the endpoint then answers with the error text
 * after "Error returned from Sync Function: " and null results; a reject() is a result.
 */
export function syncAnswer(result: CallResult): SyncAnswer {
  const logging = { errors: result.natives.logErrors, info: result.natives.logInfo };
  const failure = callFailure(result);
  if (failure !== null) return { channels: null, access: null, roles: null, exception: `${DRY_RUN_ERROR_PREFIX.sync}: ${failure}`, logging };
  const mapped = mapResults(result.natives);
  if ('error' in mapped) return { channels: null, access: null, roles: null, exception: `${DRY_RUN_ERROR_PREFIX.sync}: ${mapped.error}`, logging };
  // A reject() is a result: the answer keeps what the function granted before it.
  const rejection = result.natives.rejection;
  return {
    channels: mapped.channels, access: mapped.access, roles: mapped.roles,
    ...(rejection ? { exception: `${rejection.statusText} ${rejection.message}` } : {}),
    ...(mapped.expiry !== null ? { expiry: mapped.expiry } : {}),
    logging,
  };
}

/** The message of a write whose sync function failed (db/crud.go@4.1.1 getChannelsAndAccess). */
export const EXCEPTION_IN_SYNC_FUNCTION = 'Exception in JS sync function';

/**
 * How a real write ends (db/crud.go@4.1.1 getChannelsAndAccess): a reject() refuses it with its status, an
 * exception with 500 "Exception in JS sync function", a time-out with 500 "JS sync function timed out", and
 * an access() or role() naming an invalid principal with 500 "Error in JS sync function".
 */
export function writeOutcome(result: CallResult, answer: SyncAnswer): WriteOutcome {
  if (result.outcome.kind === 'timeout') return { rejected: { status: 500, message: 'JS sync function timed out' } };
  if (answer.channels === null) return { rejected: { status: 500, message: EXCEPTION_IN_SYNC_FUNCTION } };
  const rejection = result.natives.rejection;
  if (rejection) return { rejected: { status: rejection.status, message: rejection.message } };
  const principals = [...Object.keys(answer.access ?? {}), ...Object.keys(answer.roles ?? {})];
  const roleNames = Object.values(answer.roles ?? {}).flat();
  if (![...principals.map((p) => (p.startsWith(ROLE_PREFIX) ? p.slice(ROLE_PREFIX.length) : p)), ...roleNames].every(isValidPrincipalName)) {
    return { rejected: { status: 500, message: 'Error in JS sync function' } };
  }
  return { rejected: null };
}

/** The text of a call that failed, or null when it returned (otto's error text; sg-bucket's time-out). */
function callFailure(result: CallResult): string | null {
  switch (result.outcome.kind) {
    case 'returned': return null;
    case 'threw': return result.outcome.message;
    case 'timeout': return JS_TIMEOUT_MESSAGE;
    case 'panic': return result.outcome.message;
    case 'out-of-memory': return 'out of memory (sgconf stops a case at its memory limit; the gateway has none)';
  }
}

type Mapped = { channels: string[]; access: Record<string, string[]>; roles: Record<string, string[]>; expiry: number | null } | { error: string };

function mapResults(natives: NativeCalls): Mapped {
  const channels = channelSet(natives.channels, 'expand');
  if ('error' in channels) return channels;
  const access = accessMap(natives.access, '');
  if ('error' in access) return access;
  const roles = accessMap(natives.roles, ROLE_PREFIX);
  if ('error' in roles) return roles;
  return { channels: channels.set, access: access.map, roles: roles.map, expiry: natives.expiry };
}

/** channels/set.go@4.1.1 SetFromArray: every name non-empty and without a comma; "*" expands to just "*" or is removed. */
function channelSet(names: readonly string[], star: 'expand' | 'remove'): { set: string[] } | { error: string } {
  for (const name of names) if (name.length === 0 || name.includes(',')) return { error: `400 Illegal channel name ${goQuote(name)}` };
  let set = [...new Set(names)];
  if (star === 'expand' && set.includes('*')) set = ['*'];
  if (star === 'remove') set = set.filter((name) => name !== '*');
  return { set: sortGoStrings(set) };
}

/** channels/sync_runner.go@4.1.1 addValueForUser and compileAccessMap. */
function accessMap(calls: NativeCalls['access'], prefix: string): { map: Record<string, string[]> } | { error: string } {
  const byUser = new Map<string, string[]>();
  for (const call of calls) {
    for (const user of call.users) {
      const values = byUser.get(user);
      if (values) values.push(...call.values);
      else byUser.set(user, call.values.slice());
    }
  }
  const map: Record<string, string[]> = {};
  for (const user of sortGoStrings([...byUser.keys()])) {
    const values = byUser.get(user)!.map((value) => {
      if (prefix === '') return value;
      return value.startsWith(prefix) ? value.slice(prefix.length) : null;
    });
    const missing = values.findIndex((v) => v === null);
    if (missing >= 0) return { error: `Value ${goQuote(byUser.get(user)![missing]!)} does not begin with ${goQuote(prefix)}` };
    const set = channelSet(values as string[], 'remove');
    if ('error' in set) return set;
    setOwn(map, user, set.set);
  }
  return { map };
}

/** The import filter endpoint's answer (rest/diagnostic_doc_api.go@4.1.1 ImportFilterDryRun). */
export interface ImportAnswer {
  shouldImport: boolean;
  exception: string;
  logging: { errors: string[]; info: string[] };
}

/** db/import.go@4.1.1 ImportFilterDryRun: the engine read the returned value as parseImportFilterOutput does. */
export function importAnswer(result: CallResult): ImportAnswer {
  const logging = { errors: result.natives.logErrors, info: result.natives.logInfo };
  const failure = callFailure(result);
  if (failure !== null) return { shouldImport: false, exception: `${DRY_RUN_ERROR_PREFIX.import_filter}: ${failure}`, logging };
  const reading = result.outcome.kind === 'returned' ? result.outcome.import : undefined;
  return { shouldImport: reading?.shouldImport ?? false, exception: reading?.error ?? '', logging };
}

/**
 * The import filter is called with the document body alone (db/import.go@4.1.1 EvaluateFunction): the
 * endpoint decodes it with UseNumber (rest/multipart.go ReadJSONFromMIMERawErr), an import from the bucket
 * with json.Unmarshal (base/util_ce.go JSONUnmarshal).
 */
export function prepareImportCall(doc: JsonObject, path: CallPath): EngineCall {
  return { doc, numbers: path === 'endpoint' ? 'keep' : 'float' };
}

// How each gateway release runs a sync function and an import filter: the wrapper it puts around the
// user's function, the helpers it defines, what the function is given and what the runner makes of the
// results. Data and small named functions only, each with the file@tag of couchbase/sync_gateway (or
// couchbase/sg-bucket, robertkrimen/otto at the commit the gateway's go.mod pins) it was read from.
// src/sync/ runs these; nothing else should know them.
import { compareReleases, type Release } from './index.js';

/** Messages of the wrapper's require* helpers (base/constants.go@4.1.1, the same text since 2.x). */
export const REQUIRE_MESSAGES = {
  admin: 'sg admin required',
  user: 'sg wrong user',
  role: 'sg missing role',
  access: 'sg missing channel access',
} as const;

/** The wrapper's text before the user's source, the same in every release: where the function stands in it. */
export const SYNC_WRAPPER_HEAD = `
	function() {

		var realUserCtx, shouldValidate;
		var syncFn = `;

/**
 * The wrapper around the user's function, as `wrappedFuncSource` builds it (channels/sync_runner.go).
 * The user's source is substituted as text, exactly as Go's fmt.Sprintf("%s") does. 3.0 added the `meta`
 * argument (user xattrs); 2.8.4 calls `syncFn(newDoc, oldDoc)` with three wrapper arguments.
 *
 * sgconf's variants, never run for an answer, only to place one (src/sync/run.ts placeOutcomes):
 * - `untried`: without the try around the call of the user's function. otto's try makes a new Error of an
 *   exception otto raised itself (a member of null, a name not defined), traced at the try (otto
 *   runtime.go@b87d35c tryCatchEvaluate): only a call without it keeps where the exception was made.
 * - `watched`: the catch first tells the demand recorder what it caught, so that the statement that threw
 *   that very value is known (with the user's throw statements marked: src/sync/instrument.ts markThrows).
 */
export function syncWrapperSource(userSource: string, release: Release, demandRecorder?: string, variant: 'gateway' | 'untried' | 'watched' = 'gateway'): string {
  const withMeta = compareReleases(release, '3.0') >= 0;
  const call = `syncFn(newDoc, oldDoc${withMeta ? ', meta' : ''});`;
  // sgconf's own addition, never part of what the gateway runs: each require* helper first tells the
  // recorder what it demands (after the user's source, so positions inside it do not move).
  const demand = (kind: string, argument: string) => (demandRecorder ? `${demandRecorder}("${kind}", ${argument});` : '');
  // ... and when a helper refuses the writer: a write no helper refused ran as an admin write would.
  const forbid = (message: string) => (demandRecorder ? `{ ${demandRecorder}("denied", null); throw({forbidden: "${message}"}); }` : `throw({forbidden: "${message}"});`);
  return `${SYNC_WRAPPER_HEAD}${userSource};

		function makeArray(maybeArray) {
			if (Array.isArray(maybeArray)) {
				return maybeArray;
			} else {
				return [maybeArray];
			}
		}

		function inArray(string, array) {
			return array.indexOf(string) != -1;
		}

		function anyInArray(any, array) {
			for (var i = 0; i < any.length; ++i) {
				if (inArray(any[i], array))
					return true;
			}
			return false;
		}

		function anyKeysInArray(any, array) {
			for (var key in any) {
				if (inArray(key, array))
					return true;
			}
			return false;
		}

		function requireAdmin() {${demand('admin', 'null')}
			if (shouldValidate)
				${forbid(REQUIRE_MESSAGES.admin)}
		}

		function requireUser(names) {${demand('user', 'names')}
				if (!shouldValidate) return;
				names = makeArray(names);
				if (!inArray(realUserCtx.name, names))
					${forbid(REQUIRE_MESSAGES.user)}
		}

		function requireRole(roles) {${demand('role', 'roles')}
				if (!shouldValidate) return;
				roles = makeArray(roles);
				if (!anyKeysInArray(realUserCtx.roles, roles))
					${forbid(REQUIRE_MESSAGES.role)}
		}

		function requireAccess(channels) {${demand('access', 'channels')}
				if (!shouldValidate) return;
				channels = makeArray(channels);
				if (!anyInArray(realUserCtx.channels, channels))
					${forbid(REQUIRE_MESSAGES.access)}
		}

		return function (newDoc, oldDoc, ${withMeta ? 'meta, ' : ''}_realUserCtx) {
			realUserCtx = _realUserCtx;

			if (oldDoc) {
				oldDoc._id = newDoc._id;
			}

			// Proxy userCtx that allows queries but not direct access to user/roles:
			shouldValidate = (realUserCtx != null && realUserCtx.name != null);

			${variant === 'untried' ? call : `try {
				${call}
			} catch(x) {${variant === 'watched' && demandRecorder ? ` ${demandRecorder}("caught", x);` : ''}
				if (x.forbidden)
				reject(403, x.forbidden);
				else if (x.unauthorized)
				reject(401, x.unauthorized);
				else
				throw(x);
			}`}
		}
	}()`;
}

export const SYNC_WRAPPER_SOURCE = 'channels/sync_runner.go@2.8.4 and @4.1.1 funcWrapper (identical from 3.0.8.1 on; 2.8.4 has no meta argument)';

/**
 * The sync function a database without one runs (channels/channelmapper.go@4.1.1 GetDefaultSyncFunction;
 * named collections arrived in 3.1, rest/config.go@3.1.11). 2.8 and 3.0 know only the default collection.
 */
export function defaultSyncFunction(collection: { scope: string; name: string } | null): string {
  if (collection === null || (collection.scope === '_default' && collection.name === '_default')) return 'function(doc){channel(doc.channels);}';
  return `function(doc){channel("${collection.name}");}`;
}

/** The prefix role() values must carry (channels/sync_runner.go@4.1.1 RoleAccessPrefix, compileAccessMap). */
export const ROLE_PREFIX = 'role:';

/** Prefixes of the dry-run endpoints' exception texts (base/error.go@4.1.1 SyncFnDryRunError, ImportFilterDryRunError). */
export const DRY_RUN_ERROR_PREFIX = { sync: 'Error returned from Sync Function', import_filter: 'Error returned from Import Filter' } as const;

/** sg-bucket's timeout error (js_runner.go@9e05bfc ErrJSTimeout), what the gateway says when a call is interrupted. */
export const JS_TIMEOUT_MESSAGE = 'javascript function timed out';

/**
 * How a release hands a document to the function. A real write converts the body's numbers
 * (db/crud.go@4.1.1 getChannelsAndAccess -> channels/channelmapper.go MapToChannelsAndAccess ->
 * ConvertJSONNumbers): integers within +-(2^53-1) and finite floats become numbers, the rest stay
 * json.Number, which otto turns into a string (otto value.go@b87d35c toValue: reflect.String). The 4.1
 * dry-run endpoint calls the runner directly (db/crud.go@4.1.1 SyncFnDryRun), so every number of `doc`
 * reaches the function as a json.Number (a string); `oldDoc` is JSON parsed by sg-bucket (js_runner.go
 * jsonToValue: encoding/json, float64) on both paths. The engine decodes each as named here
 * (engine/runner/runner.go).
 */
export type NumberHandling = 'convert' | 'keep';

/**
 * The first line whose newest patch has today's dry-run endpoints (POST /{keyspace}/_sync with doc, oldDoc,
 * userCtx, meta; POST /{keyspace}/_import_filter): rest/diagnostic_doc_api.go@3.3.7 differs from @4.1.1 by one
 * line, @4.0.7 not at all; rest/routing.go@3.2.8 had an earlier GET form of both.
 */
export const DRY_RUN_ENDPOINT_RELEASE: Release = '3.3';

export function hasDryRunEndpoint(release: Release): boolean {
  return compareReleases(release, DRY_RUN_ENDPOINT_RELEASE) >= 0;
}

/**
 * Whether a write takes `_cv` (a current version, the HLV's optimistic-concurrency value) out of the body:
 * from 4.0 (db/crud.go@4.0.0 Put: matchCV, delete(body, BodyCV); db/revision.go StripInternalProperties
 * lists BodyCV). Before, `_cv` is a property like any other.
 */
export function writeTakesCv(release: Release): boolean {
  return compareReleases(release, '4.0') >= 0;
}

/** Whether the function is given `meta` (user xattrs) as its third argument: from 3.0 (see SYNC_WRAPPER_SOURCE). */
export function passesMeta(release: Release): boolean {
  return compareReleases(release, '3.0') >= 0;
}

/** The ottos releases pin (ottoCommit below says which). */
const OTTO_COMMITS = ['b87d35c', 'a813c59'] as const;

/** The otto the gateway runs functions with: the commit its build pins. */
export type OttoCommit = (typeof OTTO_COMMITS)[number];

/** Whether a text names an otto some release pins (ottoCommit). */
export function isOttoCommit(text: string): text is OttoCommit {
  return (OTTO_COMMITS as readonly string[]).includes(text);
}

/**
 * 2.8 and 3.0 pin otto a813c59 (manifest/default.xml@2.8.3 and @3.0.8: revision a813c59b); 3.1 to 4.1.1
 * pin b87d35c (go.mod@3.1.0 to @4.1.1: v0.0.0-20211024170158-b87d35c0b86f), 42 commits later (Function.name,
 * Number.isNaN, methods on Go arrays, a fixed sort and Export of mixed arrays among them). sgconf builds both
 * (engine/wasm/otto-<commit>.wasm).
 */
export function ottoCommit(release: Release): OttoCommit {
  return compareReleases(release, '3.1') >= 0 ? 'b87d35c' : 'a813c59';
}

/**
 * The limit on nested calls sg-bucket sets on otto (js_runner.go jsStackDepthLimit = 10,000, sg-bucket
 * 8c9a5ac "Set Otto stack depth limit"), pinned from 3.2.5 (go.mod@3.2.5: sg-bucket after it; @3.2.4 and
 * every 3.1 before it): the newest patch of 3.2 and every later line has it. 0: none (2.8 to 3.1), where
 * deep recursion grows the Go stack until the process fails.
 */
export function stackDepthLimit(release: Release): number {
  return compareReleases(release, '3.2') >= 0 ? 10000 : 0;
}

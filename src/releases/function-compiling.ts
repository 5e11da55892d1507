// When the gateway compiles each kind of function a config holds, and so what a function that otto cannot
// compile does. The gateway's runners (sg-bucket JSServer) compile a function when its first call needs it;
// only the functions that the config's validation or loading compiles on purpose stop the config.
// Data for the functions stage's wording (src/functions/resolve.ts).
import { stepAt, type Release } from './index.js';

/** The kinds of function a config holds (src/functions/types.ts FunctionRole is this). */
export type JavaScriptRole = 'sync' | 'import_filter' | 'webhook_filter' | 'conflict_resolver' | 'user_function';

/**
 * Which values mean "no function": also the empty string, or also one of white space alone; or only an absent
 * (or null) one, and then what an empty one does. A blank value that is not unset is compiled as `( )`, which
 * is no function.
 */
export type Unsetting =
  | { unset: 'empty' | 'blank' }
  /** `emptyOutcome`: what an empty value does, one sentence for a finding's detail. */
  | { unset: 'absent'; emptyOutcome: string };

/** What a release does with the functions of a role. */
export type Compiling = Unsetting & {
  /** Whether the config is refused (the gateway compiles the function as it reads or loads the config). */
  atLoad: boolean;
  /** What a function otto cannot compile does there, one sentence for a finding's detail. */
  outcome: string;
  source: string;
};

export type CompilingStep = Compiling & {
  from: Release;
  /** A legacy file that the release upgrades (no disable_persistent_config: true), where that differs: it stores the databases unvalidated. */
  whenUpgraded?: Compiling;
};

// The automatic upgrade reads a legacy file without DbConfig.validate() (that runs in legacy mode and for the
// admin API), and stores its databases; a database config loaded from a bucket is not validated either.
const UPGRADE_SOURCE = 'rest/main.go@3.0.0-@4.1.1 automaticConfigUpgrade (LoadLegacyServerConfig, then the databases stored; no DbConfig.validate(), which rest/config_legacy.go setupServerConfig runs in legacy mode); rest/config.go DbConfig.setup() loads the functions without it';

/** What an empty import filter does where it is not unset: the same in every release that runs it. */
const EMPTY_IMPORT_FILTER = 'sg-bucket\'s runner keeps no function for an empty text and answers every call with undefined, which the import reads as no boolean ("Import filter function returned non-boolean value"), so no document is imported.';
const NO_IMPORT_FILTER = 'Remove the key (or set it to null) for no import filter, or write the function.';

/** Where that is read, in the sg-bucket a release pins. */
const emptyImportFilterSource = (pins: string) => `sg-bucket js_runner.go@${pins} JSRunner.SetFunction ("" keeps the runner's undefined function)`;

/** Empty user function code, in the gateway's wrapper (db/functions/js_wrapper.js@3.1.0-@4.1.1). */
export const EMPTY_USER_FUNCTION = 'The gateway puts the code into its wrapper as "var userFn = (" + code + ");", which does not compile without a function.';
/** What to change about it. */
export const WRITE_USER_FUNCTION = 'Write the function in "code", or remove the definition.';
const USER_FUNCTION_UPGRADED = 'The automatic upgrade stores it unchecked (it runs no database validation); with unsupported.user_queries on, the database then fails to load, and every later REST update of it is refused.';

/** The outcome where the validation compiles the function. */
const REFUSED_AS_READ = 'The gateway compiles it as it reads the config and refuses the config.';

/** The outcome where the automatic upgrade stores a function that its database then calls: `effect` of every call failing. */
function storedUnchecked(effect: string): string {
  return `The automatic upgrade stores it unchecked (it runs no database validation), the database loads, and then ${effect}; every later REST update of the database is refused, and in legacy mode the gateway refuses to start.`;
}

/** Per role, oldest first; a role's first step is from the oldest release that has it. */
export const FUNCTION_COMPILING: Readonly<Record<JavaScriptRole, readonly CompilingStep[]>> = {
  sync: [
    {
      from: '2.8', atLoad: false, unset: 'empty',
      outcome: 'This release loads the config without compiling the sync function, and then every document write fails.',
      source: 'channels/channelmapper.go@2.8.4 NewChannelMapper (compiled at the first call); rest/config.go@2.8.4 has no check; db/crud.go@2.8.4 getChannelsAndAccess (the write returns the error)',
    },
    {
      from: '3.0', atLoad: true, unset: 'blank',
      outcome: REFUSED_AS_READ,
      // validate() sets a blank one to nil (strings.TrimSpace), and the database takes the default function.
      source: 'rest/config.go@3.0.0 DbConfig.validate() ("sync function contains invalid javascript syntax"), @3.1.0-@4.1.1 validateJavascriptFunction(), run for legacy files in legacy mode (rest/config_legacy.go setupServerConfig) and for database configs by the admin API',
      whenUpgraded: {
        atLoad: false, unset: 'empty',
        outcome: storedUnchecked('every document write fails'),
        source: `${UPGRADE_SOURCE}; db/database_collection.go@4.1.1 UpdateSyncFun (compiled at the first call)`,
      },
    },
  ],
  import_filter: [
    {
      // Any value but null is made a filter (rest/server_context.go@2.8.4: NewImportFilterFunction when
      // ImportFilter != nil): a blank one is compiled as any other, an empty one runs as none.
      from: '2.8', atLoad: false, unset: 'absent',
      outcome: 'This release loads the config without compiling the import filter, and then no document is imported (each call fails).',
      emptyOutcome: `${EMPTY_IMPORT_FILTER} ${NO_IMPORT_FILTER}`,
      source: `db/import.go@2.8.4 ImportFilterFunction.EvaluateFunction ("processing aborted, document will not be imported"); rest/config.go@2.8.4 has no check; ${emptyImportFilterSource('d4ee4b62 (manifest/default.xml@2.8.4)')}`,
    },
    {
      from: '3.0', atLoad: true, unset: 'blank',
      outcome: REFUSED_AS_READ,
      source: 'rest/config.go@3.0.0 DbConfig.validate() ("import filter function contains invalid javascript syntax"), @3.1.0-@4.1.1 validateJavascriptFunction()',
      whenUpgraded: {
        atLoad: false, unset: 'absent',
        outcome: storedUnchecked('no document is imported (each call fails)'),
        // validate() would read "" as unset; the upgrade stores it, and the database makes a filter of it
        // (rest/server_context.go@4.1.1: NewImportFilterFunction when ImportFilter != nil).
        emptyOutcome: `The automatic upgrade stores it as it is (it runs no database validation, which would read it as unset), and then: ${EMPTY_IMPORT_FILTER} ${NO_IMPORT_FILTER}`,
        source: `${UPGRADE_SOURCE}; db/import.go ImportFilterFunction.EvaluateFunction (compiled at the first call); ${emptyImportFilterSource('178bb7ca (manifest/default.xml@3.0.8.1) and @9e05bfca7027 (go.mod@4.1.1)')}; db/import.go@4.1.1 parseImportFilterOutput`,
      },
    },
  ],
  webhook_filter: [
    {
      // NewWebhook takes any filter but "" (filterFnString != "").
      from: '2.8', atLoad: false, unset: 'empty',
      outcome: 'The gateway loads the database without compiling the filter; every event\'s call of it then fails, so the webhook posts nothing.',
      source: 'db/event_handler.go@2.8.4-@4.1.1 NewWebhook (the filter compiled at its first call) and HandleEvent ("Error calling webhook filter function", no post); rest/server_context.go initEventHandlers has no check',
    },
  ],
  conflict_resolver: [
    {
      // ValidateReplication refuses "custom" only with an empty resolver (ConflictResolutionFn == "", @2.8.4-@4.1.1).
      from: '2.8', atLoad: false, unset: 'empty',
      outcome: 'The gateway starts the replication without compiling the resolver; every conflict\'s call of it then fails, and that document is not replicated.',
      source: 'db/sg_replicate_conflict_resolver.go@2.8.4-@4.1.1 NewCustomConflictResolver (compiled at its first call) and EvaluateFunction ("processing aborted, document will not be replicated")',
    },
  ],
  user_function: [
    {
      // The code goes into the gateway's wrapper, "var userFn = (" + code + ");" (db/functions/js_wrapper.js
      // @3.1.0-@4.1.1), so code that is empty, blank or absent is no function either.
      from: '3.1', atLoad: true, unset: 'absent',
      outcome: REFUSED_AS_READ,
      emptyOutcome: `${EMPTY_USER_FUNCTION} ${REFUSED_AS_READ} ${WRITE_USER_FUNCTION}`,
      source: 'db/functions/js_runner.go@3.1.0-@4.1.1 newFunctionJSServer (compiles at once "to detect syntax errors") and js_wrapper.js, run by rest/config.go DbConfig.validate() ValidateFunctions',
      whenUpgraded: {
        atLoad: true, unset: 'absent',
        outcome: USER_FUNCTION_UPGRADED,
        emptyOutcome: `${EMPTY_USER_FUNCTION} ${USER_FUNCTION_UPGRADED} ${WRITE_USER_FUNCTION}`,
        source: `${UPGRADE_SOURCE}; rest/server_context.go@3.1.0-@4.1.1 dbcOptionsFromConfig (CompileFunctions as the database loads, when unsupported.user_queries is on)`,
      },
    },
  ],
};

/**
 * What the target does with a function of this role that otto cannot compile; `upgraded`: the function is in
 * a legacy file that the target upgrades automatically.
 */
export function uncompilableOutcome(role: JavaScriptRole, target: Release, upgraded: boolean): Compiling {
  const steps = FUNCTION_COMPILING[role];
  const step = stepAt(steps, target) ?? steps[0]!;
  return upgraded && step.whenUpgraded ? step.whenUpgraded : step;
}

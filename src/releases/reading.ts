// How each release reads a config file before it parses it: facts for the reading stage (src/source/).
import { compareReleases, type Release } from './index.js';

export const READING = {
  environmentExpansion: {
    from: '3.0' as Release,
    change: '`$VAR`, `${VAR}` and `${VAR:-default}` are expanded over the whole file before it is parsed, and `$$` is a literal `$`',
    // 2.8.4 has no such function: a `$` in a 2.8 config is an ordinary character.
    source: 'rest/config.go@3.0.0 expandEnv (os.Expand over the raw bytes)',
  },
  automaticUpgrade: {
    from: '3.0' as Release,
    change: 'a legacy config without `disable_persistent_config: true` is upgraded at start: a startup config, and database configs stored in the bucket without the database validation; before, every legacy config runs in legacy mode, validated at start',
    // 2.8.4 has no persistent configs: every config is a legacy config, run as it is.
    source: 'rest/main.go@3.0.0 automaticConfigUpgrade(), rest/main.go@4.1.1 serverMainPersistentConfig()',
  },
  functionSources: {
    from: '3.0' as Release,
    change: 'a function value (sync, import_filter, a webhook filter, a conflict resolver) that names a file or an http(s) URL is read from there; before, every value is the function\'s JavaScript',
    // 2.8.4 has no loadJavaScript: rest/server_context.go@2.8.4 hands *config.Sync to the sync runner as it is.
    source: 'rest/config.go@3.0.0 and @4.1.1 loadJavaScript() (readFromPath), run by DbConfig.setup() and initEventHandlers',
  },
  // The stages below read the same in every release sgconf knows (checked at 2.8.4, 3.0.8.1, 3.2.0 and 4.1.1).
  backtickStrings: {
    from: '2.8' as Release,
    change: 'a backtick string is a JSON string whose line breaks, quotes and backslashes are literal (unchanged in every release)',
    source: 'base/util.go ConvertBackQuotedStrings, run by rest/config.go@2.8.4 decodeAndSanitiseConfig, rest/handler.go@3.0.8.1 and rest/config.go@4.1.1 sanitiseConfig (database configs over REST too)',
  },
  keyMatching: {
    from: '2.8' as Release,
    change: 'a key matches its field whatever its case, and a key no field has is refused (unchanged in every release)',
    source: 'rest/config.go@2.8.4 and @4.1.1 DisallowUnknownFields; base/util_ee.go (jsoniter) and base/util_ce.go (encoding/json) JSONDecoder, the same at 2.8.4 and 4.1.1',
  },
  duplicateKeys: {
    from: '2.8' as Release,
    change: 'a key written twice: the last one wins (unchanged in every release)',
    source: 'the same decoders (jsoniter and encoding/json keep the last value) at 2.8.4 and 4.1.1',
  },
} as const;

/** Whether the target expands environment references in a config (and reads `$$` as `$`). */
export function expandsEnvironment(target: Release): boolean {
  return compareReleases(target, READING.environmentExpansion.from) >= 0;
}

/**
 * How a finding names the automatic upgrade: "" for a target that runs it, " of 3.0 and later" for one that does
 * not (the upgrade is then a later release's).
 */
export function upgradeOfLaterReleases(targetUpgrades: boolean): string {
  return targetUpgrades ? '' : ` of ${READING.automaticUpgrade.from} and later`;
}

/** Whether the target upgrades a legacy config at start (unless it sets disable_persistent_config: true). */
export function upgradesLegacyConfigs(target: Release): boolean {
  return compareReleases(target, READING.automaticUpgrade.from) >= 0;
}

/** Whether the target reads a function from the file or URL its value names (else the value is JavaScript). */
export function readsFunctionSources(target: Release): boolean {
  return compareReleases(target, READING.functionSources.from) >= 0;
}

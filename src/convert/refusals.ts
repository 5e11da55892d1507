// What makes a whole legacy file unconvertible: the legacy mode asked for, or no database. Each is an
// error, and nothing else is converted.
import { isObject, type JsonObject } from '../types.js';
import { CONVERT_RULES, type Conversion } from './conversion.js';

/** The databases to convert, or undefined when the file is refused as a whole (the findings say why). */
export function databasesToConvert(config: JsonObject, { report }: Conversion): JsonObject | undefined {
  if (config.disable_persistent_config === true) {
    report(CONVERT_RULES.persistentConfigDisabled, 'error', '/disable_persistent_config',
      'this config asks for the legacy mode ("disable_persistent_config": true)', undefined,
      'In legacy mode there is nothing to upgrade: remove the field (or set it to false) to convert it to persistent configs.');
  }
  const databases = isObject(config.databases) ? config.databases : undefined;
  if (!databases || Object.keys(databases).length === 0) {
    report(CONVERT_RULES.noDatabases, 'error', databases ? '/databases' : '',
      'the config defines no database', undefined, 'Without a database there is no server address for the bootstrap config: add a database with a "server".');
    return undefined;
  }
  return databases;
}

// What the gateway accepts in a database's user functions ("functions", 3.1 and later): db/functions/function.go
// CompileFunctions and validateAllow, db/functions/n1ql_function.go validateN1QLQuery, the same from 3.1.0 to
// 4.1.1. rest/config.go DbConfig.validate() runs them whenever "functions" is set, also when the startup
// config leaves unsupported.user_queries off and the gateway then ignores the functions.

export const USER_FUNCTIONS_SOURCE = 'db/functions/function.go CompileFunctions(), compileFunction(), validateAllow(), expandPattern() and db/functions/n1ql_function.go validateN1QLQuery(), @3.1.0-@4.1.1; rest/config.go DbConfig.validate()';

/** The types a definition may have, matched exactly. */
export const USER_FUNCTION_TYPES: readonly string[] = ['javascript', 'query'];

/** A query function's code must start so (Go: `^\s*\(*(?i:SELECT)\b`, whose \s is ASCII white space). */
export const USER_QUERY_START = /^[\t\n\f\r ]*\(*SELECT\b/iu;

/** The "$" expressions of an allow pattern, as the gateway finds them (kChannelPropertyRegexp). */
export const ALLOW_PATTERN_EXPRESSION = /(\\\$)|(\$\{?[^{}]*\}?)/g;

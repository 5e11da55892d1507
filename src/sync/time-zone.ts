// The gateway host's time zone, which a function's Date reads as local time (engine/runner Options.TimeZone).
// sgconf runs on another machine: the zone is a setting (`--tz`, a test file's `timezone`), UTC by default.

/** Whether a name is an IANA time zone (Node's ICU knows the same names as Go's tzdata). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

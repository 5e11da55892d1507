// Seconds (as the legacy config wrote them) to a Go duration string (as the 3.x startup config wants them).
// Go prints hours, minutes and seconds without skipping zero units after the first one: 3600 -> "1h0m0s".

export function secondsToGoDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.abs(seconds);
  if (rest < 1) {
    // Below one second Go switches units; legacy fields are whole seconds, so this is only for robustness.
    return `${sign}${trimNumber(rest * 1000)}ms`;
  }
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  rest -= minutes * 60;
  const secs = trimNumber(rest);
  if (hours > 0) return `${sign}${hours}h${minutes}m${secs}s`;
  if (minutes > 0) return `${sign}${minutes}m${secs}s`;
  return `${sign}${secs}s`;
}

function trimNumber(n: number): string {
  // Avoid binary noise such as 30.499999999 while keeping genuine fractions.
  return String(Number(n.toFixed(9)));
}

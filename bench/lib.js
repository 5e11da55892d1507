// Helpers of the benchmark: timing child processes, medians, peak memory.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Wall-clock milliseconds of one child process (stdout and stderr discarded); throws on a crash. */
export function timeProcess({ command, args, cwd, env, okCodes = [0, 1] }) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.error) throw result.error;
  if (!okCodes.includes(result.status)) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}: ${String(result.stderr).slice(0, 500)}`);
  }
  return ms;
}

/**
 * Runs a command once and checks that it did its job: an accepted exit status, something on stdout
 * (when `expectOutput`), and nothing on stderr (a crash of a linter exits 1 too, like "problems found").
 */
export function checkProcess({ command, args, cwd, okCodes = [0, 1], expectOutput = true }) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const stderr = (result.stderr ?? '').trim();
  if (result.error || !okCodes.includes(result.status) || stderr !== '' || (expectOutput && !result.stdout.trim())) {
    throw new Error(`${command} ${args.join(' ')} did not run cleanly (exit ${result.status ?? result.signal}): ${stderr.slice(0, 800) || '(no output)'}`);
  }
  return result;
}

/**
 * Runs every command `runs` times in alternation (a b c a b c ...) after `warmup` unmeasured rounds, so
 * that all of them see the same machine load; returns the samples per command name.
 */
export function interleave(commands, { runs, warmup = 2 }) {
  for (const spec of Object.values(commands)) checkProcess(spec);
  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const [name, spec] of Object.entries(commands)) {
      const ms = timeProcess(spec);
      if (round >= warmup) samples[name].push(ms);
    }
  }
  return samples;
}

const TIME = '/usr/bin/time';

/** Peak resident set size of a child process in MB: /usr/bin/time -v when present, else the child's own report. */
export function peakRss({ command, args, cwd, okCodes = [0, 1] }) {
  if (existsSync(TIME)) {
    const result = spawnSync(TIME, ['-v', command, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    const stderr = String(result.stderr);
    const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
    if (!okCodes.includes(result.status) || !match) throw new Error(`${command} ${args.join(' ')}: ${stderr.slice(-500)}`);
    return Number(match[1]) / 1024;
  }
  // No GNU time: the child reports its own peak (process.resourceUsage().maxRSS, in KB) when it exits.
  const probe = `process.on('exit', () => process.stderr.write('\\nMAXRSS ' + process.resourceUsage().maxRSS + '\\n'));`;
  const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, ...args], {
    cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024,
  });
  const match = /MAXRSS (\d+)/.exec(String(result.stderr));
  if (command !== process.execPath) throw new Error('peakRss without /usr/bin/time measures node commands only');
  if (!okCodes.includes(result.status) || !match) throw new Error(`${args.join(' ')}: ${String(result.stderr).slice(-500)}`);
  return Number(match[1]) / 1024;
}

export function fmt(value, digits = 2) {
  return Number(value).toFixed(digits);
}

// Promise forms of the few fs calls the lint path makes, over the callback API: importing
// node:fs/promises makes Node 20 load its stream and readline modules too, a few milliseconds of every
// cold start (issue 6).
import { readdir as readdirCallback, readFile as readFileCallback, stat as statCallback, type Dirent, type Stats } from 'node:fs';

export function readFile(file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => readFileCallback(file, (error, data) => (error ? reject(error) : resolve(data))));
}

export function stat(file: string): Promise<Stats> {
  return new Promise((resolve, reject) => statCallback(file, (error, info) => (error ? reject(error) : resolve(info))));
}

export function readdirEntries(dir: string): Promise<Dirent[]> {
  return new Promise((resolve, reject) => readdirCallback(dir, { withFileTypes: true }, (error, entries) => (error ? reject(error) : resolve(entries))));
}

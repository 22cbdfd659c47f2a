import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './config-error';

/** The repository the server runs from: its root folder, root package.json and public address. */

/**
 * apps/server: the nearest folder with a package.json above this file, whether it runs from
 * src/config/ (tsx, tests) or bundled into dist/ (build.mjs).
 */
function serverPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const repoRoot = path.resolve(serverPackageDir(), '../..');

/** The root package.json (this project's name, version and repository); undefined if absent. */
export function readRootPackage(): unknown {
  const file = path.join(repoRoot, 'package.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;
}

/**
 * The web address of a package.json `repository` field, in any form npm accepts: a URL, a
 * `git+https://….git` clone URL, `git@host:owner/name.git`, or `github:owner/name` and
 * `owner/name` shorthands; null without the field. A value that names no web address is refused
 * (the server would otherwise link the footer to nowhere).
 */
export function repositoryWebUrl(rootPackage: unknown): string | null {
  const field = (rootPackage as { repository?: unknown } | undefined)?.repository;
  if (field === undefined || field === null) return null;
  const given = typeof field === 'object' ? (field as { url?: unknown }).url : (field as unknown);
  if (typeof given !== 'string' || given.trim() === '') {
    throw new ConfigError(
      'Invalid configuration: package.json repository must be a URL or have a "url"',
    );
  }
  const value = given.trim();
  const hosted = /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)$/.exec(value);
  const host = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };
  const url = hosted
    ? `https://${host[hosted[1] as keyof typeof host]}/${hosted[2]}`
    : /^[\w.-]+\/[\w.-]+$/.test(value)
      ? `https://github.com/${value}`
      : value
          .replace(/^git\+/, '')
          .replace(/^git@([^:]+):/, 'https://$1/')
          .replace(/^(git|ssh):\/\/(git@)?/, 'https://');
  const web = url.replace(/\.git$/, '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+\/\S+$/.test(web)) {
    throw new ConfigError(
      `Invalid configuration: package.json repository "${value}" names no web address`,
    );
  }
  return web;
}

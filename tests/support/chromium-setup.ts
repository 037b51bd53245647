/**
 * Makes sure the end-to-end tests have their browser: Debian's Chromium, installed from apt when it is
 * missing and this process may (root, apt-get present); otherwise a message saying what to install.
 *
 * Written for Node's own TypeScript support (test-all.mjs imports it without a build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export type ChromiumFacts = {
  /** CHROMIUM_PATH, when set. */
  configuredPath: string | undefined;
  exists: (file: string) => boolean;
  isRoot: boolean;
  hasApt: boolean;
};

export type ChromiumPlan =
  { kind: 'ready'; path: string } | { kind: 'install'; path: string; commands: string[][] } | { kind: 'missing'; path: string; message: string };

const APT = ['apt-get', '-o', 'DPkg::Lock::Timeout=300'];

/** What to do about the browser, from what this machine has. */
export function planChromium({ configuredPath, exists, isRoot, hasApt }: ChromiumFacts): ChromiumPlan {
  const path = configuredPath || DEBIAN_CHROMIUM;
  if (exists(path)) return { kind: 'ready', path };
  if (configuredPath) {
    return {
      kind: 'missing',
      path,
      message: `CHROMIUM_PATH is ${configuredPath}, which does not exist. Point it at a Chromium binary, or unset it to use Debian's ${DEBIAN_CHROMIUM}.`,
    };
  }
  if (isRoot && hasApt) {
    return {
      kind: 'install',
      path,
      commands: [
        [...APT, 'update', '-qq'],
        [...APT, 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
      ],
    };
  }
  const how = hasApt ? 'Install it with: sudo apt-get install chromium' : 'Install Chromium and set CHROMIUM_PATH to its binary';
  return { kind: 'missing', path, message: `Chromium is not installed (${path} is missing), so the end-to-end tests cannot run. ${how}` };
}

export type ChromiumSetup = { ready: true; path: string; version: string } | { ready: false; path: string; message: string };

/** Carries out the plan for this machine: installs Chromium from apt if it should. */
export function ensureChromium({ log = console.log }: { log?: (line: string) => void } = {}): ChromiumSetup {
  const plan = planChromium({
    configuredPath: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    isRoot: process.getuid?.() === 0,
    hasApt: spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
  });
  if (plan.kind === 'missing') return { ready: false, path: plan.path, message: plan.message };
  if (plan.kind === 'install') {
    log(`Chromium is missing (${plan.path}): installing it from Debian's apt (about a minute)...`);
    for (const [program, ...args] of plan.commands) {
      const result = spawnSync(program!, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (result.status !== 0) {
        return {
          ready: false,
          path: plan.path,
          message: `Installing Chromium failed (${[program, ...args].join(' ')} exited with ${result.status ?? result.signal}).`,
        };
      }
    }
    if (!existsSync(plan.path)) return { ready: false, path: plan.path, message: `apt installed chromium, but ${plan.path} is still missing.` };
  }
  return { ready: true, path: plan.path, version: chromiumVersion(plan.path) };
}

/** "Chromium 156" from `chromium --version`, or "Chromium" when it does not say. */
function chromiumVersion(path: string): string {
  const output = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const match = /(\d+)\.\d+\.\d+/.exec(output);
  return match ? `Chromium ${match[1]}` : 'Chromium';
}

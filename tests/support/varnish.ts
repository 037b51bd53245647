/**
 * Varnish for the tests and the edge benchmark: Debian's `varnishd` with the xkey module of `varnish-modules`,
 * installed from apt when missing and this process may (root, apt-get present), otherwise a message saying what
 * to install; and a throwaway varnishd running deploy/varnish/default.vcl in a scratch folder, its backend block
 * rewritten to name the given instances (round-robin over several), with the purge secret in its environment as a
 * deployed Varnish has it, stopped and removed by `stop()`.
 *
 * Written for Node's own TypeScript support (test-all.mjs imports it without a build): erasable syntax only,
 * and relative imports name their `.ts` file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export const DEPLOYED_VCL = path.resolve(import.meta.dirname, '../../deploy/varnish/default.vcl');
const DEBIAN_VARNISHD = '/usr/sbin/varnishd';
const VARNISH_PACKAGES = ['varnish', 'varnish-modules'];
const SETPRIV = '/usr/bin/setpriv';

export type VarnishFacts = {
  /** VARNISHD, when set. */
  configuredPath: string | undefined;
  exists: (file: string) => boolean;
  hasXkey: boolean;
  isRoot: boolean;
  hasApt: boolean;
};

export type VarnishPlan = { kind: 'ready'; path: string } | { kind: 'install'; path: string; packages: string[] } | { kind: 'missing'; message: string };

/** What to do about Varnish, from what this machine has. */
export function planVarnish({ configuredPath, exists, hasXkey, isRoot, hasApt }: VarnishFacts): VarnishPlan {
  const varnishd = configuredPath || DEBIAN_VARNISHD;
  if (configuredPath && !exists(configuredPath)) {
    return {
      kind: 'missing',
      message: `VARNISHD is ${configuredPath}, which does not exist. Point it at varnishd, or unset it to use Debian's ${DEBIAN_VARNISHD}.`,
    };
  }
  if (exists(varnishd) && hasXkey) return { kind: 'ready', path: varnishd };
  const lacking = exists(varnishd) ? 'the xkey module (varnish-modules) is missing' : `${varnishd} is missing`;
  if (isRoot && hasApt && !configuredPath) return { kind: 'install', path: varnishd, packages: VARNISH_PACKAGES };
  return {
    kind: 'missing',
    message: `Varnish is not ready (${lacking}), so the edge tests cannot run. Install it with: sudo apt-get install ${VARNISH_PACKAGES.join(' ')}`,
  };
}

/** Whether varnish-modules' xkey is where Debian puts Varnish's modules. */
function xkeyInstalled(): boolean {
  const roots = ['/usr/lib', '/usr/local/lib'];
  return roots.some((root) => {
    const folders = existsSync(root) ? readdirSync(root).map((name) => path.join(root, name, 'varnish/vmods')) : [];
    return [path.join(root, 'varnish/vmods'), ...folders].some((folder) => existsSync(path.join(folder, 'libvmod_xkey.so')));
  });
}

export type VarnishSetup = { ready: true; path: string; version: string } | { ready: false; message: string };

/** Carries out the plan for this machine: installs Varnish and its modules from apt if it should. */
export function ensureVarnish({ log = console.log }: { log?: (line: string) => void } = {}): VarnishSetup {
  const plan = planVarnish({
    configuredPath: process.env.VARNISHD || undefined,
    exists: existsSync,
    hasXkey: xkeyInstalled(),
    isRoot: process.getuid?.() === 0,
    hasApt: spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
  });
  if (plan.kind === 'missing') return { ready: false, message: plan.message };
  if (plan.kind === 'install') {
    log(`Varnish is missing: installing ${plan.packages.join(' and ')} from Debian's apt...`);
    const apt = ['-o', 'DPkg::Lock::Timeout=300'];
    for (const args of [
      [...apt, 'update', '-qq'],
      [...apt, 'install', '-y', '-qq', '--no-install-recommends', ...plan.packages],
    ]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      if (result.status !== 0)
        return { ready: false, message: `Installing Varnish failed (apt-get ${args.join(' ')} exited with ${result.status ?? result.signal}).` };
    }
    if (!existsSync(plan.path) || !xkeyInstalled())
      return { ready: false, message: `apt installed ${plan.packages.join(' ')}, but varnishd or its xkey module is still missing.` };
  }
  return { ready: true, path: plan.path, version: varnishVersion(plan.path) };
}

/** "Varnish 7.1.1" from `varnishd -V`. */
function varnishVersion(varnishd: string): string {
  const output = spawnSync(varnishd, ['-V'], { encoding: 'utf8' });
  return /varnish-(\d+\.\d+\.\d+)/.exec(`${output.stdout}${output.stderr}`)?.[1]?.replace(/^/, 'Varnish ') ?? 'Varnish';
}

/** The deployed VCL with its backend block naming `ports` on 127.0.0.1: one backend, or a round-robin over several. */
export function vclFor(ports: number[], vcl = readFileSync(DEPLOYED_VCL, 'utf8')): string {
  const block = /# BACKENDS BEGIN\n[\s\S]*?# BACKENDS END\n/;
  if (!block.test(vcl)) throw new Error('The VCL has no "# BACKENDS BEGIN" ... "# BACKENDS END" block to rewrite');
  const backend = (name: string, port: number) => `backend ${name} { .host = "127.0.0.1"; .port = "${port}"; }`;
  if (ports.length === 1) return vcl.replace(block, `${backend('default', ports[0]!)}\n`);
  const names = ports.map((_, index) => `instance${index + 1}`);
  const lines = [
    'import directors;',
    ...ports.map((port, index) => backend(names[index]!, port)),
    `sub vcl_init { new instances = directors.round_robin(); ${names.map((name) => `instances.add_backend(${name});`).join(' ')} }`,
    'sub vcl_recv { set req.backend_hint = instances.backend(); }',
  ];
  return vcl.replace(block, `${lines.join('\n')}\n`);
}

export type RunningVarnish = {
  url: string;
  port: number;
  /** A second address speaking the PROXY protocol: a request there comes from whatever address its PROXY line names. */
  proxyPort: number;
  /** varnishd's own output (start-up, VCL errors). */
  output: () => string;
  /** Stops varnishd and removes its folder. */
  stop: () => Promise<void>;
};

export type VarnishOptions = {
  varnishd: string;
  backendPorts: number[];
  /** EDGE_PURGE_SECRET in varnishd's environment: the instances' EDGE_PURGE_SECRET. */
  purgeSecret: string;
  port?: number;
  vcl?: string;
};

/**
 * Starts varnishd in the foreground in a scratch folder, on 127.0.0.1 and a free port (or `port`), with every
 * process under the user that starts it (`-j none`: no jail, nothing outside the folder) and a parent-death signal
 * (setpriv), so a killed test run leaves no varnishd behind.
 */
export async function startVarnish({ varnishd, backendPorts, purgeSecret, port, vcl }: VarnishOptions): Promise<RunningVarnish> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'store-varnish-'));
  const vclFile = path.join(folder, 'default.vcl');
  writeFileSync(vclFile, vclFor(backendPorts, vcl));
  const listen = port ?? (await freePort());
  const proxyPort = await freePort();
  const args = ['-F', '-j', 'none', '-n', path.join(folder, 'work'), '-a', `127.0.0.1:${listen}`, '-a', `127.0.0.1:${proxyPort},PROXY`];
  args.push('-T', '127.0.0.1:0', '-f', vclFile);
  args.push('-s', 'malloc,64m', '-p', 'vsl_space=4M', '-p', 'workspace_client=128k');
  const [program, programArgs] = existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'SIGTERM', '--', varnishd, ...args]] : [varnishd, args];
  const child = spawn(program, programArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, EDGE_PURGE_SECRET: purgeSecret } });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    await untilStarted(child, () => output);
  } catch (error) {
    await stopVarnishd(child);
    remove();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${listen}`,
    port: listen,
    proxyPort,
    output: () => output,
    stop: async () => {
      await stopVarnishd(child);
      remove();
    },
  };
}

/** varnishd says "Child (<pid>) said Child starts" once its cache process is up and accepting. */
async function untilStarted(child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/Child \(\d+\) said Child starts/.test(output())) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`varnishd exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`varnishd did not start within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopVarnishd(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

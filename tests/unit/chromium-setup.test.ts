import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, planChromium, type ChromiumFacts } from '../support/chromium-setup';

const machine = (facts: Partial<ChromiumFacts> & { files?: string[] }): ChromiumFacts => ({
  configuredPath: undefined,
  isRoot: false,
  hasApt: true,
  ...facts,
  exists: (file) => (facts.files ?? []).includes(file),
});

describe('what the test command does about Chromium', () => {
  it('uses Debian’s Chromium, or the one CHROMIUM_PATH names, when it is there', () => {
    expect(planChromium(machine({ files: [DEBIAN_CHROMIUM] }))).toEqual({ kind: 'ready', path: DEBIAN_CHROMIUM });
    expect(planChromium(machine({ configuredPath: '/opt/chromium/chrome', files: ['/opt/chromium/chrome'] }))).toEqual({
      kind: 'ready',
      path: '/opt/chromium/chrome',
    });
  });

  it('installs it from apt as root on a machine without it', () => {
    expect(planChromium(machine({ isRoot: true }))).toEqual({
      kind: 'install',
      path: DEBIAN_CHROMIUM,
      commands: [
        ['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'update', '-qq'],
        ['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
      ],
    });
  });

  it('says what to install when it may not install it', () => {
    const plan = planChromium(machine({ isRoot: false }));
    expect(plan).toMatchObject({ kind: 'missing', path: DEBIAN_CHROMIUM });
    expect(plan.kind === 'missing' && plan.message).toBe(
      'Chromium is not installed (/usr/bin/chromium is missing), so the end-to-end tests cannot run. Install it with: sudo apt-get install chromium',
    );
    const withoutApt = planChromium(machine({ isRoot: true, hasApt: false }));
    expect(withoutApt.kind === 'missing' && withoutApt.message).toContain('Install Chromium and set CHROMIUM_PATH to its binary');
  });

  it('does not install anything in place of a CHROMIUM_PATH that names a missing file', () => {
    const plan = planChromium(machine({ configuredPath: '/opt/missing/chrome', isRoot: true, files: [DEBIAN_CHROMIUM] }));
    expect(plan).toEqual({
      kind: 'missing',
      path: '/opt/missing/chrome',
      message: "CHROMIUM_PATH is /opt/missing/chrome, which does not exist. Point it at a Chromium binary, or unset it to use Debian's /usr/bin/chromium.",
    });
  });
});

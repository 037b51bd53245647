import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEPLOYED_VCL, planVarnish, vclFor } from '../support/varnish';

const machine = (present: string[], { hasXkey = true, isRoot = false, hasApt = true, configuredPath = undefined as string | undefined } = {}) =>
  planVarnish({ configuredPath, exists: (file) => present.includes(file), hasXkey, isRoot, hasApt });

describe('finding Varnish for the edge tests', () => {
  it('uses Debian’s varnishd when it and the xkey module are there', () => {
    expect(machine(['/usr/sbin/varnishd'])).toEqual({ kind: 'ready', path: '/usr/sbin/varnishd' });
  });

  it('installs varnish and varnish-modules from apt as root when either is missing', () => {
    expect(machine([], { isRoot: true })).toEqual({ kind: 'install', path: '/usr/sbin/varnishd', packages: ['varnish', 'varnish-modules'] });
    expect(machine(['/usr/sbin/varnishd'], { isRoot: true, hasXkey: false }).kind).toBe('install');
  });

  it('says what to install otherwise', () => {
    expect(machine([])).toEqual({
      kind: 'missing',
      message:
        'Varnish is not ready (/usr/sbin/varnishd is missing), so the edge tests cannot run. Install it with: sudo apt-get install varnish varnish-modules',
    });
    expect(machine(['/usr/sbin/varnishd'], { hasXkey: false, isRoot: true, hasApt: false })).toMatchObject({
      kind: 'missing',
      message: expect.stringContaining('the xkey module (varnish-modules) is missing'),
    });
  });

  it('takes VARNISHD as given, and never installs over it', () => {
    expect(machine(['/opt/varnish/sbin/varnishd'], { configuredPath: '/opt/varnish/sbin/varnishd' })).toEqual({
      kind: 'ready',
      path: '/opt/varnish/sbin/varnishd',
    });
    expect(machine([], { configuredPath: '/opt/varnishd', isRoot: true })).toMatchObject({
      kind: 'missing',
      message: expect.stringMatching(/^VARNISHD is \/opt\/varnishd/),
    });
  });
});

describe('the deployed VCL pointed at test instances', () => {
  const deployed = readFileSync(DEPLOYED_VCL, 'utf8');

  it('ships the one backend on 127.0.0.1:4321', () => {
    expect(deployed).toContain('backend default { .host = "127.0.0.1"; .port = "4321"; }');
  });

  it('names one instance as the default backend', () => {
    const vcl = vclFor([40001], deployed);
    expect(vcl).toContain('backend default { .host = "127.0.0.1"; .port = "40001"; }');
    expect(vcl).not.toContain('backend default { .host = "127.0.0.1"; .port = "4321"; }');
  });

  it('spreads requests over several instances with a round-robin director', () => {
    const vcl = vclFor([40001, 40002], deployed);
    expect(vcl).not.toContain('backend default');
    expect(vcl).toContain('backend instance2 { .host = "127.0.0.1"; .port = "40002"; }');
    expect(vcl).toContain('instances.add_backend(instance1); instances.add_backend(instance2);');
    expect(vcl.indexOf('set req.backend_hint = instances.backend()')).toBeLessThan(vcl.indexOf('if (req.method == "PURGE")'));
  });

  it('refuses a VCL without the block it rewrites', () => {
    expect(() => vclFor([40001], 'vcl 4.1;\nbackend default { .host = "x"; }\n')).toThrow(/BACKENDS BEGIN/);
  });
});

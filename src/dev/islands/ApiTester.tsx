/**
 * /api-test: calls each of the store's read calls (with the stored login, if any) and shows the raw
 * reply: status, time, code and message, and the body.
 */
import { useState } from 'react';
import { authHeaders } from '~/browser/api';
import { useHydrated } from '~/islands/use-hydrated';

type Result = { status: number; ms: number; code?: unknown; message?: unknown; body: string } | { error: string; ms: number };

export default function ApiTester({ paths }: { paths: string[] }) {
  const hydrated = useHydrated();
  const [results, setResults] = useState<Record<string, Result | 'running'>>({});

  async function run(path: string) {
    setResults((current) => ({ ...current, [path]: 'running' }));
    const started = performance.now();
    let result: Result;
    try {
      const response = await fetch(path, { headers: { Accept: 'application/json', ...authHeaders() } });
      const text = await response.text();
      let parsed: { code?: unknown; message?: unknown } = {};
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the body is shown as it came.
      }
      result = { status: response.status, ms: Math.round(performance.now() - started), code: parsed.code, message: parsed.message, body: text.slice(0, 4000) };
    } catch (error) {
      result = { error: error instanceof Error ? error.message : String(error), ms: Math.round(performance.now() - started) };
    }
    setResults((current) => ({ ...current, [path]: result }));
  }

  async function runAll() {
    for (const path of paths) await run(path);
  }

  return (
    <div>
      <p>
        <button type="button" className="button" disabled={!hydrated} onClick={runAll}>
          Run all
        </button>
      </p>
      <table className="status-table">
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Reply</th>
          </tr>
        </thead>
        <tbody>
          {paths.map((path) => {
            const result = results[path];
            return (
              <tr key={path}>
                <td>
                  <button type="button" className="link-button" disabled={!hydrated} onClick={() => run(path)}>
                    GET {path}
                  </button>
                </td>
                <td aria-live="polite">
                  {result === 'running' && 'Calling…'}
                  {result && result !== 'running' && 'error' in result && (
                    <span className="status-critical">{`No reply: ${result.error} (${result.ms} ms)`}</span>
                  )}
                  {result && result !== 'running' && 'status' in result && (
                    <details>
                      <summary>
                        <span className={result.status < 400 ? 'status-ok' : 'status-critical'}>{result.status}</span>
                        {` · ${result.ms} ms · code ${String(result.code)} · ${String(result.message ?? '')}`}
                      </summary>
                      <pre>{result.body}</pre>
                    </details>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

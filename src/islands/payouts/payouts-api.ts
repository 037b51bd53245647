/**
 * What the payouts screens read and send: the shapes of the payouts API (docs/api.md, "Vendor payouts") and one
 * small hook that reads a path and reads it again when a form on the page changed something.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiGet, apiPost, authHeaders } from '~/browser/api';
import type { Pagination } from '~/lib/pagination';
import type { CommissionRate } from '~/lib/commission-table';
import type { PayoutReply } from '~/lib/payout-replies';

export type { LedgerBalance as Balance, LedgerLine as EarningLine, PayoutStatus } from '~/lib/payout-replies';
export type Payout = PayoutReply;

export type PayoutMethod = {
  method: 'mtn_momo' | 'airtel_money' | 'bank';
  phone: string;
  account_name: string;
  account_number: string;
  bank: string;
  /** While payouts wait after a change of destination: when they resume. */
  payouts_from: string | null;
};

export type Hold = { vendor_id: number; vendor_name: string; reason: string; held_at: string };

export type Settlement = {
  id: number;
  vendor_id: number;
  amount: number;
  currency: string;
  method: 'mtn_momo' | 'airtel_money' | 'hand';
  phone: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  reference: string;
  failure_reason: string;
  completed_at: string | null;
  created_at: string;
};

export type OwingVendor = { vendor_id: number; name: string; owed: number; cash_on_delivery_off: boolean };

export type RunResult = { run_id: number; payouts: number; total: number };

export const METHOD_LABELS: Record<string, string> = { mtn_momo: 'MTN MoMo', airtel_money: 'Airtel Money', bank: 'Bank transfer' };

/** A read of `path` (`loaded` once it answered, as `data` may be null) that any form on the page can ask to repeat (`reload`), with what went wrong if it failed. */
export function useApiData<T>(path: string, params: Record<string, string | number> = {}) {
  const [data, setData] = useState<T | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  useEffect(() => {
    const abort = new AbortController();
    apiGet<T>(path, Object.fromEntries(new URLSearchParams(query)), abort.signal).then(
      (read) => {
        setData(read);
        setLoaded(true);
        setProblem(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setProblem((error as Error).message);
      },
    );
    return () => abort.abort();
  }, [path, query, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, loaded, problem, reload };
}

/** Sends a form's fields and tells how it went: the API's own refusal text, or null on success. */
export async function send<T>(path: string, body: Record<string, unknown>): Promise<{ ok: true; data: T } | { ok: false; problem: string }> {
  try {
    return { ok: true, data: await apiPost<T>(path, body) };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
}

/**
 * The statement for the dates chosen, saved as a file: the API takes the login from the bearer token only, so
 * the browser fetches it and hands the bytes to a download link.
 */
export async function downloadStatement(from: string, to: string): Promise<string | null> {
  const response = await fetch(`/api/payouts/statement.csv?${new URLSearchParams({ from, to })}`, { headers: authHeaders() }).catch(() => null);
  if (!response) return 'No connection: check your data and try again';
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as { message?: string } | null;
    return reply?.message || `The statement could not be made (${response.status})`;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `statement-${from}-to-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return null;
}

export type { CommissionRate, Pagination };

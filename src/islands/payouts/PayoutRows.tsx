import type { ReactNode } from 'react';
import { formatUGX } from '~/lib/money';
import { kampalaDateTime } from '~/lib/dates';
import { METHOD_LABELS, type Payout } from './payouts-api';

const STATUS_CLASS = { PENDING: 'status-warning', COMPLETED: 'status-ok', FAILED: 'status-critical' } as const;

/** Payouts as stacked rows (no table to scroll sideways on a phone); `actions` adds controls to a row. */
export default function PayoutRows({
  payouts,
  showVendor,
  actions,
  empty = 'No payouts yet.',
}: {
  payouts: Payout[];
  showVendor?: boolean;
  actions?: (payout: Payout) => ReactNode;
  empty?: string;
}) {
  if (payouts.length === 0) return <p>{empty}</p>;
  return (
    <ul className="vendor-rows payout-rows">
      {payouts.map((payout) => (
        <li key={payout.id} data-payout={payout.id}>
          <div>
            <strong>{formatUGX(payout.amount)}</strong> <span className={STATUS_CLASS[payout.status]}>{payout.status}</span>
            {showVendor && <> to {payout.vendor_name}</>}
            <div className="muted">
              Payout #{payout.id} · {METHOD_LABELS[payout.method] ?? payout.method} · {kampalaDateTime(payout.created_at)}
              {payout.reference && <> · Reference {payout.reference}</>}
              {payout.completed_at && <> · Paid {kampalaDateTime(payout.completed_at)}</>}
            </div>
            {payout.failure_reason && <div className="form-problem">{payout.failure_reason}</div>}
          </div>
          {actions?.(payout)}
        </li>
      ))}
    </ul>
  );
}

/** Previous / next for a paginated list read by the island. */
export function PageButtons({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  if (lastPage <= 1) return null;
  return (
    <div className="button-row">
      <button type="button" className="button small secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span className="muted">
        Page {page} of {lastPage}
      </span>
      <button type="button" className="button small secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </div>
  );
}

import { useState } from 'react';
import { formatUGX } from '~/lib/money';
import { kampalaDate } from '~/lib/dates';
import { useHydrated } from '../use-hydrated';
import PayoutRows, { PageButtons } from './PayoutRows';
import PayoutMethodForm from './PayoutMethodForm';
import SettleOwed from './SettleOwed';
import { downloadStatement, useApiData, type Balance, type EarningLine, type Pagination, type Payout } from './payouts-api';

const KIND_LABELS: Record<EarningLine['kind'], string> = {
  sale: 'Sale',
  cash_collected: 'Cash collected by your rider',
  return: 'Return',
  reversal: 'Undone: not delivered',
  payout: 'Payout',
  payout_returned: 'Payout returned',
  settlement: 'Settlement paid to the store',
};

/** A vendor's money: the balance, each earning with when it becomes available, its payouts, statements and where it is paid. */
export default function VendorPayouts({ today }: { today: string }) {
  const balance = useApiData<Balance>('/api/payouts/balance');
  const [earningsPage, setEarningsPage] = useState(1);
  const earnings = useApiData<Pagination<EarningLine>>('/api/payouts/earnings', { page: earningsPage, per_page: 20 });
  const [payoutsPage, setPayoutsPage] = useState(1);
  const payouts = useApiData<Pagination<Payout>>('/api/payouts', { page: payoutsPage, per_page: 20 });

  return (
    <>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading">Balance</h2>
        {balance.problem && <p className="form-problem">{balance.problem}</p>}
        {!balance.data ? (
          !balance.problem && <p aria-busy="true">Loading your balance…</p>
        ) : (
          <>
            {balance.data.hold && (
              <p className="notice" role="note">
                Your payouts are held since {kampalaDate(balance.data.hold.since)}: {balance.data.hold.reason}
              </p>
            )}
            <p className="notice payout-outlook" role="note">
              <PayoutOutlook balance={balance.data} />
            </p>
            <ul className="stat-tiles balance-tiles">
              <li>
                Pending <strong data-balance="pending">{formatUGX(balance.data.pending)}</strong>
              </li>
              <li>
                Available <strong data-balance="available">{formatUGX(balance.data.available)}</strong>
              </li>
              <li>
                Paid out <strong data-balance="paid_out">{formatUGX(balance.data.paid_out)}</strong>
              </li>
              <li>
                Commission <strong data-balance="commission">{formatUGX(balance.data.commission)}</strong>
              </li>
              {balance.data.frozen !== 0 && (
                <li>
                  Waiting on a dispute <strong data-balance="frozen">{formatUGX(balance.data.frozen)}</strong>
                </li>
              )}
            </ul>
            <p className="muted">
              {balance.data.hold_days === 0
                ? 'Earnings are available as soon as a part is delivered.'
                : `Earnings become available ${balance.data.hold_days} ${balance.data.hold_days === 1 ? 'day' : 'days'} after delivery (the return window).`}
            </p>
          </>
        )}
      </section>

      {balance.data && (
        <SettleOwed
          balance={balance.data}
          onSettled={() => {
            balance.reload();
            earnings.reload();
          }}
        />
      )}

      <section aria-labelledby="earnings-heading">
        <h2 id="earnings-heading">Earnings</h2>
        {earnings.problem && <p className="form-problem">{earnings.problem}</p>}
        {earnings.data && earnings.data.data.length === 0 && <p>Nothing earned yet: an order's part earns once it is delivered.</p>}
        {earnings.data && earnings.data.data.length > 0 && (
          <ul className="vendor-rows earning-rows">
            {earnings.data.data.map((line) => (
              <li key={line.id} data-status={line.status}>
                <div>
                  <strong>{formatUGX(line.net)}</strong> {KIND_LABELS[line.kind]}
                  {line.product_name && (
                    <>
                      : {line.quantity} × {line.product_name}
                    </>
                  )}
                  <div className="muted">
                    {line.order_id && <>Order #{line.order_id} · </>}
                    {line.kind === 'sale' || line.kind === 'return' ? (
                      <>
                        {formatUGX(line.gross)} less {formatUGX(line.commission)} commission{line.rate_percent !== null && <> ({line.rate_percent}%)</>} ·{' '}
                      </>
                    ) : null}
                    {line.kind === 'payout' || line.kind === 'payout_returned' ? (
                      kampalaDate(line.created_at)
                    ) : line.status === 'pending' ? (
                      <span className="status-warning">Pending until {kampalaDate(line.available_at)}</span>
                    ) : (
                      <span className="status-ok">Available since {kampalaDate(line.available_at)}</span>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        {earnings.data && <PageButtons page={earningsPage} lastPage={earnings.data.last_page} onPage={setEarningsPage} />}
      </section>

      <section aria-labelledby="payouts-heading">
        <h2 id="payouts-heading">Payouts</h2>
        {payouts.problem && <p className="form-problem">{payouts.problem}</p>}
        {payouts.data && <PayoutRows payouts={payouts.data.data} />}
        {payouts.data && <PageButtons page={payoutsPage} lastPage={payouts.data.last_page} onPage={setPayoutsPage} />}
      </section>

      <StatementForm today={today} />

      <PayoutMethodForm />
    </>
  );
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Tuesday 1 Dec 2026", from a Kampala day (YYYY-MM-DD). */
function payoutDay(day: string): string {
  const noon = `${day}T09:00:00Z`;
  return `${WEEKDAYS[new Date(noon).getUTCDay()]} ${kampalaDate(noon)}`;
}

/** What the vendor's money waits for: settling what it owes, a payout number, or the next payout day. */
function PayoutOutlook({ balance }: { balance: Balance }) {
  const when = balance.next_payout_day ? `on ${payoutDay(balance.next_payout_day)}` : 'on the next payout run';
  if (balance.owed > 0) return <>Nothing is paid to you while you owe the store {formatUGX(balance.owed)}: settle it below.</>;
  if (balance.available >= balance.minimum) {
    return balance.has_payout_method ? (
      <>
        {formatUGX(balance.available)} is waiting: it is paid {when}.
      </>
    ) : (
      <>
        {formatUGX(balance.available)} is waiting: <a href="#method-heading">add your mobile money number</a> to be paid {when}.
      </>
    );
  }
  return balance.next_payout_day ? (
    <>
      Next payout day: {payoutDay(balance.next_payout_day)}. An available balance of at least {formatUGX(balance.minimum)} is paid then.
    </>
  ) : (
    <>Payouts are sent when the store runs them. An available balance of at least {formatUGX(balance.minimum)} is paid.</>
  );
}

/** Downloads the statement (CSV) of the dates chosen: this month so far unless changed. */
function StatementForm({ today }: { today: string }) {
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="panel-form statement-form"
      aria-labelledby="statement-heading"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setProblem(await downloadStatement(String(form.get('from')), String(form.get('to'))));
      }}
    >
      <h2 id="statement-heading">Statement</h2>
      <div className="field-row">
        <div className="field">
          <label htmlFor="statement-from">From</label>
          <input id="statement-from" name="from" type="date" required defaultValue={`${today.slice(0, 8)}01`} max={today} />
        </div>
        <div className="field">
          <label htmlFor="statement-to">To</label>
          <input id="statement-to" name="to" type="date" required defaultValue={today} max={today} />
        </div>
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <button className="button" type="submit" disabled={!hydrated}>
        Download statement (CSV)
      </button>
    </form>
  );
}

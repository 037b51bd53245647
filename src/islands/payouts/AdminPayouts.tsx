import { useState } from 'react';
import { formatUGX } from '~/lib/money';
import { kampalaDateTime } from '~/lib/dates';
import SendForm from './SendForm';
import OwingVendors from './OwingVendors';
import PayoutRows, { PageButtons } from './PayoutRows';
import { useApiData, type CommissionRate, type Hold, type Pagination, type Payout, type RunResult } from './payouts-api';

type Choice = { id: number; name: string };

/** The administrator's side: commission rates, payout runs, held vendors, payouts to settle by hand, vendors that owe, every payout. */
export default function AdminPayouts({ categories, vendors }: { categories: Choice[]; vendors: Choice[] }) {
  const rates = useApiData<CommissionRate[]>('/api/commission-rates');
  const holds = useApiData<Hold[]>('/api/payouts/holds');
  const pending = useApiData<Pagination<Payout>>('/api/payouts', { status: 'PENDING', per_page: 50 });
  const [page, setPage] = useState(1);
  const all = useApiData<Pagination<Payout>>('/api/payouts', { page, per_page: 20 });
  const payoutsChanged = () => {
    pending.reload();
    all.reload();
  };

  return (
    <>
      <section aria-labelledby="run-heading">
        <h2 id="run-heading">Payout run</h2>
        <p className="muted">
          Pays every vendor whose available balance reaches the minimum and whose payouts are not held. The schedule runs it on payout days too.
        </p>
        <SendForm<RunResult>
          action="/api/payouts/run"
          label="Run payouts"
          submit="Run payouts now"
          done={(run) => `Run #${run.run_id}: ${run.payouts} ${run.payouts === 1 ? 'payout' : 'payouts'}, ${formatUGX(run.total)} in all.`}
          onDone={payoutsChanged}
        />
      </section>

      <section aria-labelledby="rates-heading">
        <h2 id="rates-heading">Commission rates</h2>
        {rates.problem && <p className="form-problem">{rates.problem}</p>}
        {rates.data && (
          <table className="status-table rates-table">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Commission</th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((rate) => (
                <tr key={rate.category_id ?? 'rest'}>
                  <td>{rate.category}</td>
                  <td>{rate.rate_percent}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="muted">A new rate applies to orders placed from now on; a category without its own rate takes its parent's.</p>
        <SendForm<CommissionRate>
          action="/api/commission-rates"
          label="Set a commission rate"
          submit="Set rate"
          body={(fields) => ({ category_id: fields.category_id ? Number(fields.category_id) : null, rate_percent: Number(fields.rate_percent) })}
          done={(rate) => `${rate.category}: ${rate.rate_percent}% from now on.`}
          onDone={rates.reload}
        >
          <label htmlFor="rate-category">Category</label>
          <select id="rate-category" name="category_id">
            <option value="">Everything else</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <label htmlFor="rate-percent">Rate (%)</label>
          <input id="rate-percent" name="rate_percent" type="number" min="0" max="100" step="0.01" required inputMode="decimal" />
        </SendForm>
      </section>

      <section aria-labelledby="holds-heading">
        <h2 id="holds-heading">Held vendors</h2>
        {holds.problem && <p className="form-problem">{holds.problem}</p>}
        {holds.data && holds.data.length === 0 && <p>No vendor's payouts are held.</p>}
        {holds.data && holds.data.length > 0 && (
          <ul className="vendor-rows">
            {holds.data.map((hold) => (
              <li key={hold.vendor_id}>
                <div>
                  <strong>{hold.vendor_name}</strong>
                  <div className="muted">
                    Held since {kampalaDateTime(hold.held_at)}: {hold.reason}
                  </div>
                </div>
                <SendForm
                  action={`/api/payouts/holds/${hold.vendor_id}/release`}
                  submit="Release"
                  label={`Release ${hold.vendor_name}`}
                  done={() => 'Released'}
                  onDone={holds.reload}
                />
              </li>
            ))}
          </ul>
        )}
        <SendForm
          action="/api/payouts/holds"
          label="Hold a vendor's payouts"
          submit="Hold payouts"
          body={(fields) => ({ vendor_id: Number(fields.vendor_id), reason: fields.reason })}
          done={() => 'Held: no payout is made to this vendor until released.'}
          onDone={holds.reload}
        >
          <label htmlFor="hold-vendor">Vendor</label>
          <select id="hold-vendor" name="vendor_id" required>
            {vendors.map((vendor) => (
              <option key={vendor.id} value={vendor.id}>
                {vendor.name}
              </option>
            ))}
          </select>
          <label htmlFor="hold-reason">Reason</label>
          <input id="hold-reason" name="reason" required minLength={3} maxLength={500} placeholder="e.g. counterfeit complaint under investigation" />
        </SendForm>
      </section>

      <section aria-labelledby="settle-heading">
        <h2 id="settle-heading">Payouts to settle by hand</h2>
        <p className="muted">
          Bank payouts, and mobile money payouts the network has not settled: mark each paid with the transfer's reference, or failed (its money goes back to
          the vendor's balance).
        </p>
        {pending.problem && <p className="form-problem">{pending.problem}</p>}
        {pending.data && (
          <PayoutRows
            payouts={pending.data.data.filter((payout) => payout.status === 'PENDING')}
            empty="Nothing to settle."
            showVendor
            actions={(payout) => (
              <div className="settle-forms">
                <SendForm<Payout>
                  action={`/api/payouts/${payout.id}/paid`}
                  label={`Mark payout ${payout.id} paid`}
                  submit="Mark paid"
                  done={() => 'Marked paid'}
                  onDone={payoutsChanged}
                >
                  <label htmlFor={`paid-${payout.id}`}>Reference</label>
                  <input id={`paid-${payout.id}`} name="reference" required maxLength={100} />
                </SendForm>
                <SendForm<Payout>
                  action={`/api/payouts/${payout.id}/failed`}
                  label={`Mark payout ${payout.id} failed`}
                  submit="Mark failed"
                  done={() => 'Marked failed'}
                  onDone={payoutsChanged}
                >
                  <label htmlFor={`failed-${payout.id}`}>Reason</label>
                  <input id={`failed-${payout.id}`} name="reason" required minLength={3} maxLength={300} />
                </SendForm>
              </div>
            )}
          />
        )}
      </section>

      <OwingVendors />

      <section aria-labelledby="all-heading">
        <h2 id="all-heading">All payouts</h2>
        {all.problem && <p className="form-problem">{all.problem}</p>}
        {all.data && <PayoutRows payouts={all.data.data} showVendor />}
        {all.data && <PageButtons page={page} lastPage={all.data.last_page} onPage={setPage} />}
      </section>
    </>
  );
}

import { formatUGX } from '~/lib/money';
import SendForm from './SendForm';
import { useApiData, type OwingVendor, type Settlement } from './payouts-api';

/**
 * The administrator's list of vendors that owe the store for cash their riders kept, most first, with money a
 * vendor paid by hand (a deposit, cash at the office) recorded against it with its receipt.
 */
export default function OwingVendors() {
  const owing = useApiData<OwingVendor[]>('/api/payouts/owing');
  return (
    <section aria-labelledby="owing-heading">
      <h2 id="owing-heading">Vendors that owe</h2>
      <p className="muted">
        Cash on delivery their riders collected beyond what they earned. Past the credit limit, cash on delivery is off for their products.
      </p>
      {owing.problem && <p className="form-problem">{owing.problem}</p>}
      {owing.data && owing.data.length === 0 && <p>No vendor owes the store.</p>}
      {owing.data && owing.data.length > 0 && (
        <ul className="vendor-rows">
          {owing.data.map((vendor) => (
            <li key={vendor.vendor_id}>
              <div>
                <strong>{vendor.name}</strong> owes <strong>{formatUGX(vendor.owed)}</strong>
                {vendor.cash_on_delivery_off && <div className="status-warning">Cash on delivery is off for its products</div>}
              </div>
              <SendForm<Settlement>
                action="/api/payouts/settlements"
                label={`Record a payment from ${vendor.name}`}
                submit="Record payment"
                body={(fields) => ({ vendor_id: vendor.vendor_id, amount: Number(fields.amount), reference: fields.reference })}
                done={(settlement) => `Recorded ${formatUGX(settlement.amount)}.`}
                onDone={owing.reload}
              >
                <label htmlFor={`owed-amount-${vendor.vendor_id}`}>Amount (UGX)</label>
                <input id={`owed-amount-${vendor.vendor_id}`} name="amount" type="number" min="1" max={vendor.owed} step="1" required inputMode="numeric" />
                <label htmlFor={`owed-reference-${vendor.vendor_id}`}>Receipt or reference</label>
                <input id={`owed-reference-${vendor.vendor_id}`} name="reference" required minLength={3} maxLength={100} />
              </SendForm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

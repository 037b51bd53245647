import { useEffect, useState } from 'react';
import { formatUGX } from '~/lib/money';
import { kampalaDateTime } from '~/lib/dates';
import SendForm from './SendForm';
import { METHOD_LABELS, useApiData, type Balance, type Settlement } from './payouts-api';

/** How often a settlement waiting on the vendor's phone is asked about. */
const WATCH_EVERY_MS = 3_000;

/**
 * What a vendor owes the store for cash its riders collected, and settling it by mobile money: the request goes to
 * the number typed, the vendor approves it with its PIN, and the page watches until the network answers.
 */
export default function SettleOwed({ balance, onSettled }: { balance: Balance; onSettled: () => void }) {
  const settlements = useApiData<Settlement[]>('/api/payouts/settlements');
  const waiting = settlements.data?.find((settlement) => settlement.status === 'PENDING');
  const [watched, setWatched] = useState<number | null>(null);
  const { reload } = settlements;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(reload, WATCH_EVERY_MS);
    return () => clearTimeout(timer);
  }, [waiting, settlements.data, reload]);

  const latest = settlements.data?.find((settlement) => settlement.id === watched);
  const [told, setTold] = useState<number | null>(null);
  useEffect(() => {
    if (latest?.status !== 'COMPLETED' || told === latest.id) return;
    setTold(latest.id);
    onSettled();
  }, [latest, told, onSettled]);

  return (
    <section aria-labelledby="owed-heading" className="panel owed-panel">
      <h2 id="owed-heading">Owed to the store</h2>
      {balance.owed > 0 ? (
        <>
          <p>
            You owe the store <strong data-balance="owed">{formatUGX(balance.owed)}</strong>: cash your riders collected, less what you earned from it.
          </p>
          {balance.owed > balance.cod_credit_limit && (
            <p className="notice" role="note">
              Cash on delivery is off for your products until you owe {formatUGX(balance.cod_credit_limit)} or less. Shoppers can still pay by mobile money or
              card.
            </p>
          )}
          {waiting ? (
            <p role="status">
              Approve {formatUGX(waiting.amount)} on {waiting.phone} with your PIN…
            </p>
          ) : (
            <SendForm<Settlement>
              action="/api/payouts/settle"
              label="Settle by mobile money"
              submit={`Settle ${formatUGX(balance.owed)} by mobile money`}
              className="order-move settle-form"
              done={(settlement) =>
                settlement.status === 'FAILED'
                  ? `Not sent: ${settlement.failure_reason}`
                  : `Approve ${formatUGX(settlement.amount)} on ${settlement.phone} with your PIN.`
              }
              onDone={(settlement) => {
                setWatched(settlement.id);
                reload();
              }}
            >
              <label htmlFor="settle-phone">MTN MoMo or Airtel Money number</label>
              <input id="settle-phone" name="phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="0772 123 456" required />
            </SendForm>
          )}
        </>
      ) : (
        <p>You owe the store nothing.</p>
      )}
      {latest?.status === 'COMPLETED' && <p className="form-done">Settled: thank you. {formatUGX(latest.amount)} received.</p>}
      {latest?.status === 'FAILED' && <p className="form-problem">The request was not paid: {latest.failure_reason || 'declined'}. You can try again.</p>}
      {settlements.data && settlements.data.length > 0 && (
        <ul className="vendor-rows settlement-rows" aria-label="Settlements">
          {settlements.data.slice(0, 5).map((settlement) => (
            <li key={settlement.id} data-status={settlement.status}>
              <div>
                <strong>{formatUGX(settlement.amount)}</strong> {settlement.method === 'hand' ? 'Paid by hand' : METHOD_LABELS[settlement.method]}
                <div className="muted">
                  {kampalaDateTime(settlement.created_at)} · {SETTLEMENT_STATUS[settlement.status]}
                  {settlement.reference && <> · {settlement.reference}</>}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SETTLEMENT_STATUS: Record<Settlement['status'], string> = { PENDING: 'Waiting for approval', COMPLETED: 'Received', FAILED: 'Not paid' };

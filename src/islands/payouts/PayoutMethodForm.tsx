import { useState } from 'react';
import SendForm from './SendForm';
import ProofFields, { type ProofWords } from '../account/ProofFields';
import { kampalaDateTime } from '~/lib/dates';
import { METHOD_LABELS, useApiData, type PayoutMethod } from './payouts-api';

const METHODS = ['mtn_momo', 'airtel_money', 'bank'] as const;

const PROOF_WORDS: ProofWords = {
  legend: 'Confirm it is you',
  note: 'A new place for your payouts needs your password, or a code we text to your phone on record.',
  password: 'Your password',
  code: 'Code from the text',
  sendCode: 'Text me a code',
  sent: 'We texted a code to {number}. It works for {minutes} minutes.',
};

/** The proof typed, as the API takes it: only what was filled in. */
const proofOf = (fields: Record<string, string>) => ({
  ...(fields.password ? { password: fields.password } : {}),
  ...(fields.code ? { code: fields.code } : {}),
});

const describe = (saved: PayoutMethod) =>
  saved.method === 'bank' ? `${saved.account_name}, ${saved.bank} account ${saved.account_number}` : `${METHOD_LABELS[saved.method]} ${saved.phone}`;

/** Where the vendor is paid: an MTN or Airtel mobile money number, or a bank account. */
export default function PayoutMethodForm() {
  const current = useApiData<PayoutMethod | null>('/api/payouts/method');
  const [chosen, setChosen] = useState<PayoutMethod['method'] | null>(null);
  const saved = current.data;
  const method = chosen ?? saved?.method ?? 'mtn_momo';

  return (
    <section className="panel-form" aria-labelledby="method-heading">
      <h2 id="method-heading">Where you are paid</h2>
      {current.problem && <p className="form-problem">{current.problem}</p>}
      {current.loaded && <p>{saved ? `Now paid by ${describe(saved)}` : 'No payout method yet: choose one to be paid.'}</p>}
      {saved?.payouts_from && (
        <p className="form-problem">
          Payouts to this new destination start from {kampalaDateTime(saved.payouts_from)}, so a change you did not make can be stopped: undo it from the link
          in the text we sent, or call us if it was not you.
        </p>
      )}
      <SendForm<PayoutMethod>
        action="/api/payouts/method"
        className="method-form"
        label="Payout method"
        submit="Save payout method"
        body={(fields) => ({
          ...(fields.method === 'bank'
            ? { method: 'bank', account_name: fields.account_name, account_number: fields.account_number, bank: fields.bank }
            : { method: fields.method, phone: fields.phone }),
          ...proofOf(fields),
        })}
        done={(reply) => `Saved: you will be paid by ${describe(reply)}. We texted your phone and mailed you about the change.`}
        onDone={() => {
          setChosen(null);
          current.reload();
        }}
      >
        <fieldset className="method-choices">
          <legend>Paid by</legend>
          {METHODS.map((name) => (
            <label key={name}>
              <input type="radio" name="method" value={name} checked={method === name} onChange={() => setChosen(name)} /> {METHOD_LABELS[name]}
            </label>
          ))}
        </fieldset>
        {method === 'bank' ? (
          <>
            <div className="field">
              <label htmlFor="method-account-name">Account name</label>
              <input id="method-account-name" name="account_name" required maxLength={120} defaultValue={saved?.account_name ?? ''} />
            </div>
            <div className="field-row">
              <div className="field">
                <label htmlFor="method-account-number">Account number</label>
                <input
                  id="method-account-number"
                  name="account_number"
                  required
                  maxLength={40}
                  inputMode="numeric"
                  defaultValue={saved?.account_number ?? ''}
                />
              </div>
              <div className="field">
                <label htmlFor="method-bank">Bank</label>
                <input id="method-bank" name="bank" required maxLength={80} placeholder="e.g. Stanbic Bank Uganda" defaultValue={saved?.bank ?? ''} />
              </div>
            </div>
          </>
        ) : (
          <div className="field">
            <label htmlFor="method-phone">{METHOD_LABELS[method]} number</label>
            <input
              id="method-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              required
              placeholder={method === 'mtn_momo' ? '+256 77X XXX XXX' : '+256 70X XXX XXX'}
              defaultValue={saved?.method === method ? saved.phone : ''}
            />
          </div>
        )}
        <ProofFields idPrefix="method-proof" words={PROOF_WORDS} />
      </SendForm>
    </section>
  );
}

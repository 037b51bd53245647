import { useState } from 'react';
import { apiPost } from '~/browser/api';
import { useHydrated } from '../use-hydrated';

/** The words around the proof, in the form's language: `sent` fills `{number}` (masked) and `{minutes}`. */
export type ProofWords = { legend: string; note: string; password: string; code: string; sendCode: string; sent: string };

/**
 * The fresh proof a change of payouts, shop phone or account phone carries (fields `password` and `code` of the
 * form it sits in): the account's password, or the code the button asks the store to text to the phone on record.
 */
export default function ProofFields({ idPrefix, words }: { idPrefix: string; words: ProofWords }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function sendCode() {
    setBusy(true);
    try {
      const sent = await apiPost<{ sent_to: string; minutes: number }>('/api/payouts/method/code', {});
      setOutcome({ ok: true, text: words.sent.replace('{number}', sent.sent_to).replace('{minutes}', String(sent.minutes)) });
    } catch (error) {
      setOutcome({ ok: false, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="proof-fields">
      <legend>{words.legend}</legend>
      <p>{words.note}</p>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${idPrefix}-password`}>{words.password}</label>
          <input id={`${idPrefix}-password`} name="password" type="password" autoComplete="current-password" maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-code`}>{words.code}</label>
          <input id={`${idPrefix}-code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </div>
      </div>
      <button className="button small secondary" type="button" onClick={sendCode} disabled={!hydrated || busy}>
        {words.sendCode}
      </button>
      {outcome && (
        <p className={outcome.ok ? 'form-done' : 'form-problem'} aria-live="polite">
          {outcome.text}
        </p>
      )}
    </fieldset>
  );
}

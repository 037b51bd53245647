import { useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '../use-hydrated';
import { send } from './payouts-api';

type Props<T> = {
  /** Where the form's fields are posted (JSON). */
  action: string;
  /** The fields as the API takes them, from what was typed; may throw an Error whose message is shown. */
  body?: (fields: Record<string, string>) => Record<string, unknown>;
  /** What to say once it went through. */
  done: (reply: T) => string;
  onDone?: (reply: T) => void;
  submit: string;
  className?: string;
  label?: string;
  children?: ReactNode;
};

/**
 * A dashboard form that posts its fields to the payouts API and says how it went, beside the button. Its button
 * stays disabled until the island has hydrated: the API takes the login only from the browser's stored token.
 */
export default function SendForm<T>({ action, body = (fields) => fields, done, onDone, submit, className = 'order-move', label, children }: Props<T>) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries([...new FormData(form).entries()].map(([name, value]) => [name, String(value).trim()]));
    let payload: Record<string, unknown>;
    try {
      payload = body(fields);
    } catch (error) {
      setOutcome({ ok: false, text: (error as Error).message });
      return;
    }
    setBusy(true);
    const result = await send<T>(action, payload);
    setBusy(false);
    if (!result.ok) return setOutcome({ ok: false, text: result.problem });
    setOutcome({ ok: true, text: done(result.data) });
    form.reset();
    onDone?.(result.data);
  }

  return (
    <form className={className} method="post" onSubmit={onSubmit} aria-label={label}>
      {children}
      <button className="button small" type="submit" disabled={!hydrated || busy}>
        {submit}
      </button>
      {outcome && (
        <p className={outcome.ok ? 'form-done' : 'form-problem'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}

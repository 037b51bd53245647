import type { InputHTMLAttributes } from 'react';

/** A labelled form field; the label stays visible (placeholders vanish as you type). */
export default function Field({ label, id, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

/** The field a shopper logs in or signs up with: a Ugandan phone number, typed on the phone's number pad. */
export function PhoneNumberField(props: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string }) {
  return <Field name="phone_number" type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

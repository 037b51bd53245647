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

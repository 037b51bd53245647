/** The form for a new delivery address: who, which phone, which area, where exactly, and a note for the rider. */
import type { FormEvent } from 'react';
import Field from '../auth/Field';
import type { DeliveryLocationOption } from './types';

type Props = {
  locations: DeliveryLocationOption[];
  /** Why the last save failed. */
  problem: string | null;
  saving: boolean;
  onSave: (fields: Record<string, FormDataEntryValue>) => void;
  /** Closes the form; without it there is no Cancel (a buyer with no address must add one). */
  onCancel?: () => void;
};

export default function AddressForm({ locations, problem, saving, onSave, onCancel }: Props) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(Object.fromEntries(new FormData(event.currentTarget)));
  }

  return (
    <form className="panel-form" onSubmit={onSubmit} noValidate>
      <h2>New delivery address</h2>
      <Field label="Full name" id="address-name" name="name" autoComplete="name" required />
      <Field label="Phone" id="address-phone" name="phone" type="tel" autoComplete="tel" placeholder="0772 123 456" required />
      <div className="field">
        <label htmlFor="delivery_location_id">Delivery area</label>
        <select id="delivery_location_id" name="delivery_location_id" required defaultValue="">
          <option value="" disabled>
            Choose your area
          </option>
          {locations.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name} ({place.region})
            </option>
          ))}
        </select>
      </div>
      <Field label="Address (street, building, landmark)" id="address-line" name="address" autoComplete="street-address" required />
      <Field label="Notes for the rider (optional)" id="address-notes" name="notes" />
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={saving}>
          Save address
        </button>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** The form for a new delivery address: who, which phone, which area, where exactly, and a note for the rider. */
import type { FormEvent } from 'react';
import Field from '../auth/Field';
import { islandTranslator } from '~/lib/i18n/current';
import { localNumber } from '~/lib/mobile-money';
import type { DeliveryLocationOption } from './types';

type Props = {
  locations: DeliveryLocationOption[];
  /** Why the last save failed. */
  problem: string | null;
  saving: boolean;
  /** Whom a new address starts with: the logged-in shopper's name and number. */
  who: { name: string; phone: string } | null;
  onSave: (fields: Record<string, FormDataEntryValue>) => void;
  /** Closes the form; without it there is no Cancel (a buyer with no address must add one). */
  onCancel?: () => void;
};

export default function AddressForm({ locations, problem, saving, who, onSave, onCancel }: Props) {
  const { t } = islandTranslator();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(Object.fromEntries(new FormData(event.currentTarget)));
  }

  return (
    <form className="panel-form" onSubmit={onSubmit} noValidate>
      <h2>{t.checkout.newAddress}</h2>
      <Field label={t.checkout.fullName} id="address-name" name="name" autoComplete="name" required defaultValue={who?.name ?? ''} />
      <Field
        label={t.checkout.phone}
        id="address-phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder="0772 123 456"
        required
        defaultValue={who?.phone ? localNumber(who.phone) : ''}
      />
      <div className="field">
        <label htmlFor="delivery_location_id">{t.checkout.deliveryArea}</label>
        <select id="delivery_location_id" name="delivery_location_id" required defaultValue="">
          <option value="" disabled>
            {t.checkout.chooseArea}
          </option>
          {locations.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name} ({place.region})
            </option>
          ))}
        </select>
      </div>
      <Field label={t.checkout.addressLine} id="address-line" name="address" autoComplete="street-address" required />
      <Field label={t.checkout.riderNotes} id="address-notes" name="notes" />
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={saving}>
          {t.checkout.saveAddress}
        </button>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel}>
            {t.checkout.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The buyer's saved addresses and a form to add another: on /delivery-address one is chosen for
 * checkout; /account/addresses only keeps the list.
 */
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { apiGet, apiPost, apiRequest } from '~/lib/api';
import { showToast } from '~/stores/toasts';
import Field from '../auth/Field';
import type { DeliveryLocationOption, SavedAddress } from './types';

export default function DeliveryAddressPage({ locations, forCheckout = true }: { locations: DeliveryLocationOption[]; forCheckout?: boolean }) {
  const { data: addresses, error, mutate } = useSWR<SavedAddress[], Error>('/api/addresses', (path: string) => apiGet<SavedAddress[]>(path), { revalidateOnFocus: false });
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const locationName = (id: number) => locations.find((place) => place.id === id)?.name ?? '';
  const selected = chosen ?? addresses?.[0]?.id ?? null;
  const showForm = adding || (addresses !== undefined && addresses.length === 0);

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await apiPost<SavedAddress>('/api/addresses', Object.fromEntries(new FormData(event.currentTarget)));
      await mutate();
      setChosen(saved.id);
      setAdding(false);
      setProblem(null);
      showToast('Address saved', 'success');
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setSaving(false);
    }
  }

  async function onRemove(address: SavedAddress) {
    try {
      await apiRequest(`/api/addresses/${address.id}`, { method: 'DELETE' });
      if (chosen === address.id) setChosen(null);
      await mutate();
      showToast('Address removed', 'success');
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    }
  }

  if (error) return <p role="alert">{error.message}</p>;
  if (!addresses) return <p className="cart-loading">Loading your addresses…</p>;

  return (
    <div className="address-page">
      {addresses.length > 0 && (
        <fieldset className="panel address-list">
          <legend>Deliver to</legend>
          {addresses.map((address) => (
            <div key={address.id} className="address-option">
              <label>
                <input type="radio" name="address" value={address.id} checked={selected === address.id} onChange={() => setChosen(address.id)} />
                <span>
                  <strong>{address.name}</strong> · {address.phone}
                  <br />
                  {address.address}, {locationName(address.delivery_location_id)}
                </span>
              </label>
              <button type="button" className="link-button" aria-label={`Remove the address of ${address.name}, ${address.address}`} onClick={() => void onRemove(address)}>
                Remove
              </button>
            </div>
          ))}
          {!adding && (
            <button type="button" className="link-button" onClick={() => setAdding(true)}>
              + Add another address
            </button>
          )}
        </fieldset>
      )}
      {showForm && (
        <form className="panel-form" onSubmit={(event) => void onAdd(event)} noValidate>
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
            {addresses.length > 0 && (
              <button type="button" className="button secondary" onClick={() => setAdding(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      {forCheckout && selected && !showForm && (
        <a className="button" href={`/checkout?address=${selected}`}>
          Continue to checkout
        </a>
      )}
    </div>
  );
}

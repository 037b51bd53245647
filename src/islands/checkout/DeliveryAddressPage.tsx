/**
 * The buyer's saved addresses and a form to add another: on /delivery-address one is chosen for
 * checkout; /account/addresses only keeps the list. Their state lives in use-delivery-addresses.ts.
 * A new address starts with the name and number the shopper logged in with; on the way to checkout the
 * first one saved goes straight on to checkout (there is nothing else to choose).
 */
import { localNumber } from '~/lib/mobile-money';
import { useStore } from '@nanostores/react';
import { $auth } from '~/stores/auth';
import { islandTranslator } from '~/lib/i18n/current';
import AddressForm from './AddressForm';
import type { DeliveryLocationOption } from './types';
import { useDeliveryAddresses } from './use-delivery-addresses';

export default function DeliveryAddressPage({ locations, forCheckout = true }: { locations: DeliveryLocationOption[]; forCheckout?: boolean }) {
  const addressBook = useDeliveryAddresses();
  const { addresses, selected } = addressBook;
  const locationName = (id: number) => locations.find((place) => place.id === id)?.name ?? '';
  const { t, fill, path } = islandTranslator();
  // Read only after the addresses came (the form is not in the server's HTML), so it never mismatches it.
  const { user } = useStore($auth);

  async function save(fields: Record<string, FormDataEntryValue>) {
    const first = addresses?.length === 0;
    const saved = await addressBook.addAddress(fields);
    if (saved && first && forCheckout) window.location.assign(path(`/checkout?address=${saved.id}`));
  }

  if (addressBook.error) return <p role="alert">{addressBook.error.message}</p>;
  if (!addresses) return <p className="cart-loading">{t.checkout.loadingAddresses}</p>;

  return (
    <div className="address-page">
      {addresses.length > 0 && (
        <fieldset className="panel address-list">
          <legend>{t.checkout.deliverTo}</legend>
          {addresses.map((address) => (
            <div key={address.id} className="address-option">
              <label>
                <input type="radio" name="address" value={address.id} checked={selected === address.id} onChange={() => addressBook.choose(address.id)} />
                <span>
                  <strong>{address.name}</strong> · {localNumber(address.phone)}
                  <br />
                  {address.address}, {locationName(address.delivery_location_id)}
                </span>
              </label>
              <button
                type="button"
                className="link-button"
                aria-label={fill(t.checkout.removeAddress, { name: address.name, address: address.address })}
                onClick={() => void addressBook.removeAddress(address)}
              >
                {t.checkout.remove}
              </button>
            </div>
          ))}
          {!addressBook.adding && (
            <button type="button" className="link-button" onClick={() => addressBook.setAdding(true)}>
              {t.checkout.addAnotherAddress}
            </button>
          )}
        </fieldset>
      )}
      {addressBook.showForm && (
        <AddressForm
          locations={locations}
          problem={addressBook.problem}
          saving={addressBook.saving}
          who={user ? { name: user.name, phone: user.phone_number } : null}
          onSave={(fields) => void save(fields)}
          onCancel={addresses.length > 0 ? () => addressBook.setAdding(false) : undefined}
        />
      )}
      {forCheckout && selected && !addressBook.showForm && (
        <a className="button" href={path(`/checkout?address=${selected}`)}>
          {t.checkout.continueToCheckout}
        </a>
      )}
    </div>
  );
}

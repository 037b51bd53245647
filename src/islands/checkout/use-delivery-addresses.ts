/**
 * The buyer's saved delivery addresses: the list as the API gives it, and on the address pages which one
 * is chosen, the form to add another, and removing one.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { apiGet, apiPost, apiRequest } from '~/browser/api';
import { showToast } from '~/stores/toasts';
import { islandTranslator } from '~/lib/i18n/current';
import type { SavedAddress } from './types';

/** The buyer's saved addresses (GET /api/addresses), shared by the address pages and checkout. */
export function useSavedAddresses() {
  return useSWR<SavedAddress[], Error>('/api/addresses', (path: string) => apiGet<SavedAddress[]>(path), { revalidateOnFocus: false });
}

/** The address pages' state: the saved addresses, the chosen one, the new-address form, and adding or removing one. */
export function useDeliveryAddresses() {
  const { data: addresses, error, mutate } = useSavedAddresses();
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** Saves a new address from the form's fields and chooses it; answers it, or null when it was refused. */
  async function addAddress(fields: Record<string, FormDataEntryValue>): Promise<SavedAddress | null> {
    setSaving(true);
    try {
      const saved = await apiPost<SavedAddress>('/api/addresses', fields);
      await mutate();
      setChosen(saved.id);
      setAdding(false);
      setProblem(null);
      showToast(islandTranslator().t.checkout.addressSaved, 'success');
      return saved;
    } catch (failure) {
      setProblem((failure as Error).message);
      return null;
    } finally {
      setSaving(false);
    }
  }

  async function removeAddress(address: SavedAddress) {
    try {
      await apiRequest(`/api/addresses/${address.id}`, { method: 'DELETE' });
      if (chosen === address.id) setChosen(null);
      await mutate();
      showToast(islandTranslator().t.checkout.addressRemoved, 'success');
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    }
  }

  return {
    addresses,
    error,
    /** The chosen address's id: the one picked, else the first; null when there are none. */
    selected: chosen ?? addresses?.[0]?.id ?? null,
    choose: setChosen,
    adding,
    setAdding,
    /** The new-address form shows when asked for, and always when there is no address yet. */
    showForm: adding || (addresses !== undefined && addresses.length === 0),
    /** Why the last address could not be saved. */
    problem,
    saving,
    addAddress,
    removeAddress,
  };
}

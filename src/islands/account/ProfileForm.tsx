import { useState, type FormEvent } from 'react';
import { updateStoredProfile, type Profile } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { apiPost } from '~/browser/api';
import Field from '../auth/Field';
import ProofFields from './ProofFields';
import { useStoredUser } from './use-stored-user';
import { islandTranslator } from '~/lib/i18n/current';

/** The genders the profile offers, as the API keeps them (the words shown are the page's language's). */
const GENDERS = ['', 'Female', 'Male', 'Other'] as const;

/**
 * Edits the profile through update-profile: names and phone always sent, the rest only when filled. A vendor's new
 * phone or email needs the proof below (its password, or a texted code).
 */
export default function ProfileForm() {
  const user = useStoredUser();
  const [busy, setBusy] = useState(false);
  const { t } = islandTranslator();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, string> = {
      first_name: String(form.get('first_name')),
      last_name: String(form.get('last_name')),
      phone_number_1: String(form.get('phone_number_1')),
    };
    for (const optional of ['email', 'date_of_birth', 'gender', 'bio', 'address', 'password', 'code']) {
      const value = String(form.get(optional) ?? '').trim();
      if (value) body[optional] = value;
    }
    setBusy(true);
    try {
      updateStoredProfile(await apiPost<Profile>('/api/update-profile', body));
      showToast(t.account.profileUpdated, 'success');
    } catch (error) {
      showToast((error as Error).message || t.account.profileFailed, 'error');
    } finally {
      setBusy(false);
    }
  }

  if (!user) return <p aria-busy="true">{t.account.loadingProfile}</p>;
  return (
    <form className="panel-form" method="post" onSubmit={onSubmit} key={user.id}>
      <div className="field-row">
        <Field label={t.account.firstName} id="profile-first-name" name="first_name" defaultValue={user.first_name} required maxLength={60} />
        <Field label={t.account.lastName} id="profile-last-name" name="last_name" defaultValue={user.last_name} required maxLength={60} />
      </div>
      <Field
        label={t.account.phone}
        id="profile-phone"
        name="phone_number_1"
        type="tel"
        defaultValue={user.phone_number}
        placeholder="+256 700 123 456"
        required
      />
      <Field label={t.account.email} id="profile-email" name="email" type="email" defaultValue={user.email} />
      <div className="field-row">
        <Field label={t.account.dateOfBirth} id="profile-dob" name="date_of_birth" type="date" defaultValue={user.dob ?? ''} />
        <div className="field">
          <label htmlFor="profile-gender">{t.account.gender}</label>
          <select id="profile-gender" name="gender" defaultValue={user.sex ?? ''}>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t.account.genders[gender]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field label={t.account.deliveryAddress} id="profile-address" name="address" defaultValue={user.address ?? ''} maxLength={200} />
      <div className="field">
        <label htmlFor="profile-bio">{t.account.aboutYou}</label>
        <textarea id="profile-bio" name="bio" defaultValue={user.intro ?? ''} maxLength={500} rows={3} />
      </div>
      {user.user_type === 'Vendor' && <ProofFields idPrefix="profile-proof" words={t.account.proof} />}
      <button className="button" type="submit" disabled={busy}>
        {busy ? t.account.saving : t.account.saveProfile}
      </button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { updateStoredProfile, type Profile } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { apiPost } from '~/lib/api';
import Field from '../auth/Field';
import { useStoredUser } from './use-stored-user';
import { ACCOUNT_MESSAGES } from '~/lib/messages/account-messages';

/** Edits the profile through update-profile: names and phone always sent, the rest only when filled. */
export default function ProfileForm() {
  const user = useStoredUser();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, string> = {
      first_name: String(form.get('first_name')),
      last_name: String(form.get('last_name')),
      phone_number_1: String(form.get('phone_number_1')),
    };
    for (const optional of ['email', 'date_of_birth', 'gender', 'bio', 'address']) {
      const value = String(form.get(optional) ?? '').trim();
      if (value) body[optional] = value;
    }
    setBusy(true);
    try {
      updateStoredProfile(await apiPost<Profile>('/api/update-profile', body));
      showToast('Profile updated', 'success');
    } catch (error) {
      showToast((error as Error).message || ACCOUNT_MESSAGES.profileFailed, 'error');
    } finally {
      setBusy(false);
    }
  }

  if (!user) return <p aria-busy="true">Loading your profile…</p>;
  return (
    <form className="panel-form" method="post" onSubmit={onSubmit} key={user.id}>
      <div className="field-row">
        <Field label="First name" id="profile-first-name" name="first_name" defaultValue={user.first_name} required maxLength={60} />
        <Field label="Last name" id="profile-last-name" name="last_name" defaultValue={user.last_name} required maxLength={60} />
      </div>
      <Field label="Phone" id="profile-phone" name="phone_number_1" type="tel" defaultValue={user.phone_number} placeholder="+256 700 123 456" required />
      <Field label="Email" id="profile-email" name="email" type="email" defaultValue={user.email} />
      <div className="field-row">
        <Field label="Date of birth" id="profile-dob" name="date_of_birth" type="date" defaultValue={user.dob ?? ''} />
        <div className="field">
          <label htmlFor="profile-gender">Gender</label>
          <select id="profile-gender" name="gender" defaultValue={user.sex ?? ''}>
            <option value="">Prefer not to say</option>
            <option>Female</option>
            <option>Male</option>
            <option>Other</option>
          </select>
        </div>
      </div>
      <Field label="Delivery address" id="profile-address" name="address" defaultValue={user.address ?? ''} maxLength={200} />
      <div className="field">
        <label htmlFor="profile-bio">About you</label>
        <textarea id="profile-bio" name="bio" defaultValue={user.intro ?? ''} maxLength={500} rows={3} />
      </div>
      <button className="button" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}

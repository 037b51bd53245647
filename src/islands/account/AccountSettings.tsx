import { useState, type FormEvent } from 'react';
import { apiPost } from '~/lib/api';
import { logout } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import Field from '../auth/Field';
import { useHydrated } from '../use-hydrated';

export default function AccountSettings() {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    try {
      await apiPost('/api/users/change-password', { current_password: String(form.get('current_password')), password: String(form.get('password')) });
      showToast('Password changed', 'success');
      formElement.reset();
    } catch (error) {
      showToast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function logoutEverywhere() {
    await apiPost('/api/users/logout-all', {}).catch(() => {});
    logout();
    window.location.assign('/auth/login');
  }

  return (
    <>
      <form className="panel-form" method="post" onSubmit={changePassword}>
        <h2>Change password</h2>
        <Field label="Current password" id="current-password" name="current_password" type="password" autoComplete="current-password" required />
        <Field
          label="New password (at least 8 characters)"
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
        <button className="button" type="submit" disabled={!hydrated || busy}>
          Change password
        </button>
      </form>
      <section className="panel-form">
        <h2>Sessions</h2>
        <p>Logging out everywhere ends your session on every phone and computer.</p>
        <div className="button-row">
          <button
            className="button secondary"
            type="button"
            disabled={!hydrated}
            onClick={() => {
              logout();
              window.location.assign('/');
            }}
          >
            Log out
          </button>
          <button className="button secondary" type="button" disabled={!hydrated} onClick={() => void logoutEverywhere()}>
            Log out everywhere
          </button>
        </div>
      </section>
    </>
  );
}

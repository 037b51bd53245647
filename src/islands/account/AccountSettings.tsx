import { useState, type FormEvent } from 'react';
import { apiPost } from '~/browser/api';
import { logout } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import Field from '../auth/Field';
import { useHydrated } from '../use-hydrated';
import { islandTranslator } from '~/lib/i18n/current';

export default function AccountSettings() {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { t, path } = islandTranslator();

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    try {
      await apiPost('/api/users/change-password', { current_password: String(form.get('current_password')), password: String(form.get('password')) });
      showToast(t.account.passwordChanged, 'success');
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
    window.location.assign(path('/auth/login'));
  }

  return (
    <>
      <form className="panel-form" method="post" onSubmit={changePassword}>
        <h2>{t.account.changePassword}</h2>
        <Field label={t.account.currentPassword} id="current-password" name="current_password" type="password" autoComplete="current-password" required />
        <Field label={t.account.newPassword} id="new-password" name="password" type="password" autoComplete="new-password" required minLength={8} />
        <button className="button" type="submit" disabled={!hydrated || busy}>
          {t.account.changePassword}
        </button>
      </form>
      <section className="panel-form">
        <h2>{t.account.sessions}</h2>
        <p>{t.account.sessionsExplained}</p>
        <div className="button-row">
          <button
            className="button secondary"
            type="button"
            disabled={!hydrated}
            onClick={() => {
              logout();
              window.location.assign(path('/'));
            }}
          >
            {t.account.logOut}
          </button>
          <button className="button secondary" type="button" disabled={!hydrated} onClick={() => void logoutEverywhere()}>
            {t.account.logOutEverywhere}
          </button>
        </div>
      </section>
    </>
  );
}

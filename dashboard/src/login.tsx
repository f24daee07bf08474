/** Token login, shown when the daemon's API requires a token. */
import { useState } from 'preact/hooks';

/** Asks for an API token. */
export function Login({ error, onToken }: { error: string | null; onToken: (t: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <main class="login">
      <h1>Vigil</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <label for="token">API token</label>
        <input id="token" name="token" type="password" autoComplete="current-password" required value={value} onInput={(e) => setValue(e.currentTarget.value)} aria-describedby="token-help" />
        <p id="token-help" class="hint">
          This daemon requires a token: the admin token it printed at its first start, kept in <code>&lt;data&gt;/admin.token</code> (<code>vigil token</code> prints it
          again), or one listed in its config&apos;s <code>auth.tokens</code>. It is kept only for this browser tab.
        </p>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}

import { useMutation } from '@tanstack/react-query';
import { LoginRequestSchema } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { errorMessage, isApiError } from '@/lib/api-error';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';
import { loginMutationOptions } from '../api';

export interface LoginFormProps {
  initialUsername: string;
  onForgotPassword: () => void;
  onCreateAccount: () => void;
  /** Called once the session is stored. */
  onSignedIn: () => void;
}

export function LoginForm({
  initialUsername,
  onForgotPassword,
  onCreateAccount,
  onSignedIn,
}: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password' | 'code'>>({});
  const login = useMutation({ ...loginMutationOptions(), onSuccess: onSignedIn });
  // Strangers failed to sign in to this account so often that a new device needs the mailed
  // code too (issue 29); once asked, the field stays until the dialog closes.
  const [needsCode, setNeedsCode] = useState(false);
  const asked = isApiError(login.error) && login.error.code === 'STEP_UP_REQUIRED';
  if (asked && !needsCode) setNeedsCode(true);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse({
      username,
      password,
      ...(needsCode && { code }),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {login.isError ? (
        <Alert tone="error">{errorMessage(login.error, 'Login failed')}</Alert>
      ) : null}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      {needsCode ? (
        <TextField
          label="Code from the email"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          // It appears because the server asked for it: the cursor goes where the code goes.
          autoFocus
          maxLength={6}
          hint="The 6-digit code we mailed to the account's address. It works for 15 minutes."
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code}
          required
        />
      ) : null}
      <Button type="submit" busy={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <div className="auth-form__links">
        <Button variant="ghost" className="button--link" onClick={onForgotPassword}>
          Forgot password?
        </Button>
        <Button variant="ghost" className="button--link" onClick={onCreateAccount}>
          Create an account
        </Button>
      </div>
    </form>
  );
}

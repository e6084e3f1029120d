import { useMutation } from '@tanstack/react-query';
import { LoginRequestSchema } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { errorMessage } from '@/lib/api-error';
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
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const login = useMutation({ ...loginMutationOptions(), onSuccess: onSignedIn });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse({ username, password });
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

import { commonPasswordProblem, PASSWORD_GOOD_LENGTH, RegisterFormSchema } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/components';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';
import { useRegister } from '../hooks/use-register';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';

export interface RegisterFormProps {
  /** Called with the taken address, which the Login form is then prefilled with. */
  onEmailTaken: (email: string) => void;
  onRegistered: () => void;
  onLogin: () => void;
}

export function RegisterForm({ onEmailTaken, onRegistered, onLogin }: RegisterFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const flow = useRegister();
  const outcome = flow.data;
  const done = outcome?.kind === 'email-taken' || outcome?.kind === 'registered';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RegisterFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const { username, email, password } = parsed.data;
    // The server refuses these too; asking here says why before anything is sent.
    const weak = await commonPasswordProblem(password, { username, email });
    if (weak) {
      setErrors({ password: weak });
      return;
    }
    setErrors({});
    flow.mutate(
      { username, email, password },
      {
        onSuccess: (result) => {
          if (result.kind === 'email-taken') onEmailTaken(result.email);
          if (result.kind === 'registered') onRegistered();
        },
      },
    );
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
      {flow.isError ? (
        <Alert tone="error">
          {errorMessage(flow.error, 'Registration failed. Please try again.')}
        </Alert>
      ) : null}
      {outcome ? (
        <Alert tone={outcome.kind === 'registered' ? 'success' : 'error'}>{outcome.message}</Alert>
      ) : null}
      <TextField label="Username" autoComplete="username" required {...field('username')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_GOOD_LENGTH} characters, not a common password.`}
        {...field('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      <Button type="submit" busy={flow.isPending} disabled={done}>
        {flow.isPending ? 'Registering...' : 'Register'}
      </Button>
      <p className="auth-form__switch">
        Already have an account?{' '}
        <Button variant="ghost" className="button--link" onClick={onLogin}>
          Log in
        </Button>
      </p>
    </form>
  );
}

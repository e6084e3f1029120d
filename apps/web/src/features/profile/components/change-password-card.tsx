import { useMutation } from '@tanstack/react-query';
import {
  authMessages,
  ChangePasswordRequestSchema,
  PASSWORD_GOOD_LENGTH,
  commonPasswordProblem,
} from '@tb/core';
import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Alert, Button, Card, TextField } from '@/components';
import { isApiError } from '@/lib/api-error';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';
import { changePasswordMutationOptions } from '../api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The request plus its confirmation, which only the form checks. */
const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: z.string(),
}).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: authMessages.passwordsMismatch,
});

const empty: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

function isField(name: string | undefined): name is Field {
  return name === 'currentPassword' || name === 'newPassword' || name === 'confirmPassword';
}

/** Change password: current, new and confirmation; the server's refusal shows on its field. */
export function ChangePasswordCard({ username }: { username: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useMutation(changePasswordMutationOptions());

  function focusField(name: Field) {
    const input = formRef.current?.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = ChangePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error);
      setErrors(found);
      const first = (Object.keys(empty) as Field[]).find((name) => found[name]);
      if (first) focusField(first);
      return;
    }
    const { currentPassword, newPassword } = parsed.data;
    const weak = await commonPasswordProblem(newPassword, { username });
    if (weak) {
      setErrors({ newPassword: weak });
      focusField('newPassword');
      return;
    }
    setErrors({});
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => setValues(empty),
        onError: (error) => {
          if (!isApiError(error) || error.code !== 'VALIDATION_ERROR') return;
          if (isField(error.field)) {
            setErrors({ [error.field]: error.message });
            focusField(error.field);
          } else {
            setFormError(error.message);
          }
        },
      },
    );
  }

  const field = (name: Field) => ({
    name,
    type: 'password',
    required: true,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <Card as="section" className="profile-card">
      <h2 className="profile-card__title" id="change-password-title">
        Change password
      </h2>
      <form
        ref={formRef}
        className="stack"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby="change-password-title"
      >
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <TextField
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_GOOD_LENGTH} characters, not a common password. Your other sessions are signed out.`}
          {...field('newPassword')}
        />
        <TextField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <div>
          <Button type="submit" busy={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

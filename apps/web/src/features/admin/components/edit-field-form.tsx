import { EmailSchema, UsernameSchema, type AdminUser } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { isApiError } from '@/lib/api-error';
import { FIELD_ERROR_CODES, updateUserFieldMutationOptions, type EditableField } from '../api';
import { useAdminMutation } from '../hooks/use-admin-mutation';

const FIELDS = {
  email: {
    label: 'Email',
    schema: EmailSchema,
    input: { type: 'email', autoComplete: 'off' },
    hint: 'The new address stays unverified until its owner confirms it.',
  },
  username: {
    label: 'Username',
    schema: UsernameSchema,
    input: { type: 'text', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
    hint: '3 to 30 letters, digits, dots, dashes or underscores.',
  },
} as const;

/** The message a refused save shows on the field (taken, invalid); others are notifications. */
function fieldErrorOf(error: unknown): string | undefined {
  if (!isApiError(error) || !error.fromServer) return undefined;
  return (FIELD_ERROR_CODES as readonly string[]).includes(error.code) ? error.message : undefined;
}

export interface EditFieldFormProps {
  field: EditableField;
  user: AdminUser;
  onDone: () => void;
  onCancel: () => void;
}

/** Change a user's email or username: core's rules first, then the server's answer. */
export function EditFieldForm({ field, user, onDone, onCancel }: EditFieldFormProps) {
  const config = FIELDS[field];
  const initial = user[field];
  const [value, setValue] = useState(initial);
  const [clientError, setClientError] = useState<string | undefined>();
  const save = useAdminMutation(updateUserFieldMutationOptions(field), onDone);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = config.schema.safeParse(value);
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message);
      return;
    }
    setClientError(undefined);
    save.mutate({ userId: user.id, value: parsed.data });
  }

  const unchanged = value.trim() === initial;
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField
        {...config.input}
        label={config.label}
        name={field}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setClientError(undefined);
          if (save.isError) save.reset();
        }}
        error={clientError ?? fieldErrorOf(save.error)}
        hint={config.hint}
        required
        autoFocus
      />
      <div className="row">
        <Button type="submit" busy={save.isPending} disabled={unchanged}>
          {save.isPending ? 'Saving...' : `Save ${config.label.toLowerCase()}`}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}

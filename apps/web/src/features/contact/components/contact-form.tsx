import { useMutation, useQuery } from '@tanstack/react-query';
import { ContactMessageRequestSchema, type ContactMessageRequest } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField, TextField } from '@/components';
import { meQueryOptions } from '@/features/auth';
import { errorMessage, isApiError } from '@/lib/api-error';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';
import { sendContactMessageMutationOptions } from '../api';

type Field = keyof ContactMessageRequest;
const empty: ContactMessageRequest = { name: '', email: '', message: '' };
const FIELDS: readonly string[] = ['name', 'email', 'message'];
const FAILED = 'Your message could not be sent. Please try again.';

/**
 * Contact Us: sends the message to the server, which stores it and mails the admins. The
 * sender reads what really happened (mailed, or saved for the admin panel only); on a failure
 * the text stays in the form.
 */
export function ContactForm({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<ContactMessageRequest>(empty);
  // A signed-in sender starts with their name and address (the user loaded at start-up, once
  // it is there), unless they already typed their own.
  const me = useQuery({ ...meQueryOptions(), enabled: false });
  const [seededFor, setSeededFor] = useState<string | null>(null);
  if (me.data && seededFor !== me.data.id) {
    setSeededFor(me.data.id);
    setValues((v) => ({
      ...v,
      name: v.name || me.data.username,
      email: v.email || me.data.email,
    }));
  }
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const send = useMutation({
    ...sendContactMessageMutationOptions(),
    // Sent: the message goes, who sent it stays for the next one.
    onSuccess: () => setValues((v) => ({ ...v, message: '' })),
    onError: (error) => {
      // A field the server refused is shown on the field, as the form's own checks are.
      if (isApiError(error) && error.field && FIELDS.includes(error.field)) {
        setErrors({ [error.field as Field]: error.message });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = ContactMessageRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      send.reset();
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      // Writing again starts a new message: the previous outcome no longer applies.
      if (send.isSuccess) send.reset();
    },
  });

  const fieldRefused = isApiError(send.error) && send.error.field;
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {send.isSuccess ? (
        <Alert tone={send.data.delivery === 'mailed' ? 'success' : 'info'}>
          {send.data.message}
        </Alert>
      ) : null}
      {send.isError && !fieldRefused ? (
        <Alert tone="error">{errorMessage(send.error, FAILED)}</Alert>
      ) : null}
      <TextField label="Name" autoComplete="name" required {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextAreaField label="Message" required rows={5} {...field('message')} />
      <div className="row">
        <Button type="submit" busy={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </form>
  );
}

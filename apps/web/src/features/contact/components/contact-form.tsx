import { ContactFormSchema, type ContactForm as ContactValues } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField, TextField } from '@/components';
import { fieldErrors, type FieldErrors } from '@/lib/form-errors';

const empty: ContactValues = { name: '', email: '', message: '' };

export function ContactForm({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<ContactValues>(empty);
  const [errors, setErrors] = useState<FieldErrors<keyof ContactValues>>({});
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ContactFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setSent(false);
      return;
    }
    // SPEC.md: the contact form only logs what was written; there is no endpoint for it.
    console.log('Contact form', parsed.data);
    setErrors({});
    setValues(empty);
    setSent(true);
  }

  const field = (name: keyof ContactValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {sent ? <Alert tone="success">Thank you! Your message has been sent.</Alert> : null}
      <TextField label="Name" autoComplete="name" required {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextAreaField label="Message" required rows={5} {...field('message')} />
      <div className="row">
        <Button type="submit">Send</Button>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </form>
  );
}

import { adminMessages, type AdminUser } from '@tb/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, type MockRequest } from '@/test/fetch-mock';
import { alice, bob, list, manage, me, openAdmin } from '../test-fixtures';

/** A server whose users change with the calls, as the real one's do. */
function liveUsers() {
  const users: AdminUser[] = [me, alice, bob].map((u) => ({ ...u }));
  const find = (id: unknown) => users.find((u) => u.id === id)!;
  const bodies: unknown[] = [];
  const routes = {
    'GET /users/all': () => ({ status: 200, body: list(users) }),
    'PUT /users/premium-status': (req: MockRequest) => {
      bodies.push(req.body);
      const { userId, isPaidUser } = req.body as { userId: string; isPaidUser: boolean };
      const user = find(userId);
      Object.assign(user, { premiumGranted: isPaidUser, isPaidUser });
      return { status: 200, body: user };
    },
    'PUT /users/email': (req: MockRequest) => {
      bodies.push(req.body);
      const { userId, email } = req.body as { userId: string; email: string };
      if (email === 'bob@example.com') {
        return {
          status: 409,
          body: errorBody('EMAIL_TAKEN', 'This email is already registered'),
        };
      }
      const user = find(userId);
      Object.assign(user, { email, isEmailVerified: false });
      return { status: 200, body: user };
    },
    'POST /users/send-verification': (req: MockRequest) => {
      bodies.push(req.body);
      return { status: 200, body: { message: 'Verification email sent to alice@example.com' } };
    },
    'DELETE /users/u-alice': () => {
      users.splice(users.indexOf(find('u-alice')), 1);
      return { status: 204 };
    },
  };
  return { routes, bodies };
}

const count = (fetch: Parameters<typeof calls>[0], call: string) =>
  calls(fetch).filter((c) => c.startsWith(call)).length;

describe('manage user: premium and admin', () => {
  it('grants premium with the right body, then refreshes list, counts and log', async () => {
    const server = liveUsers();
    const { user, fetch } = await openAdmin(server.routes);
    await waitFor(() => expect(count(fetch, 'GET /api/admin/audit-log')).toBe(1));
    const dialog = await manage(user, 'alice');
    const grant = within(dialog).getByRole('button', { name: 'Grant premium' });
    expect(grant).toHaveAccessibleDescription(
      'Gives premium without end date, independent of subscriptions.',
    );

    await user.click(grant);
    expect(server.bodies).toEqual([{ userId: 'u-alice', isPaidUser: true }]);
    expect(await screen.findByText('Premium granted to alice')).toBeVisible();
    expect(
      await within(dialog).findByRole('button', { name: 'Revoke premium' }),
    ).toBeInTheDocument();
    expect(count(fetch, 'GET /api/users/all')).toBe(2);
    expect(count(fetch, 'GET /api/users/stats')).toBe(2);
    expect(count(fetch, 'GET /api/admin/audit-log')).toBe(2);
    // Not their own row: the signed-in user is not reloaded.
    expect(count(fetch, 'GET /api/users/me')).toBe(1);
  });

  it('reloads the signed-in user after a change to their own row', async () => {
    const server = liveUsers();
    const { user, fetch } = await openAdmin(server.routes);
    const dialog = await manage(user, 'root');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke premium' }));
    expect(server.bodies).toEqual([{ userId: 'u-admin', isPaidUser: false }]);
    await waitFor(() => expect(count(fetch, 'GET /api/users/me')).toBe(2));
  });

  it('does not let admins remove their own admin status or delete themselves', async () => {
    const { user } = await openAdmin();
    const own = await manage(user, 'root');
    const removeAdmin = within(own).getByRole('button', { name: 'Remove admin' });
    expect(removeAdmin).toBeDisabled();
    expect(removeAdmin).toHaveAccessibleDescription(adminMessages.ownAdminStatus);
    const remove = within(own).getByRole('button', { name: 'Delete user' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(adminMessages.ownAccountDelete);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const other = await manage(user, 'alice');
    expect(within(other).getByRole('button', { name: 'Make admin' })).toBeEnabled();
    expect(within(other).getByRole('button', { name: 'Delete user' })).toBeEnabled();
  });
});

describe('manage user: delete', () => {
  it('asks first and sends DELETE only after the confirmation', async () => {
    const server = liveUsers();
    const { user, fetch } = await openAdmin(server.routes);
    let dialog = await manage(user, 'alice');
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(confirm).toHaveTextContent(adminMessages.deleteConfirm('alice'));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(count(fetch, 'DELETE')).toBe(0);

    dialog = screen.getByRole('dialog', { name: 'Manage alice' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete user' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('alice was deleted')).toBeVisible();
    expect(calls(fetch)).toContain('DELETE /api/users/u-alice');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'alice' })).not.toBeInTheDocument(),
    );
  });
});

describe('manage user: email and verification', () => {
  it("shows the server's 409 message on the email field", async () => {
    const server = liveUsers();
    const { user } = await openAdmin(server.routes);
    const dialog = await manage(user, 'alice');
    await user.click(within(dialog).getByRole('button', { name: 'Edit email' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit email of alice' });
    const field = within(edit).getByLabelText('Email');
    expect(field).toHaveValue('alice@example.com');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'not-an-email');
    await user.click(within(edit).getByRole('button', { name: 'Save email' }));
    expect(field).toHaveAccessibleDescription('Please enter a valid email address');
    expect(server.bodies).toEqual([]);

    await user.clear(field);
    await user.type(field, 'bob@example.com');
    await user.click(within(edit).getByRole('button', { name: 'Save email' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('This email is already registered'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.bodies).toEqual([{ userId: 'u-alice', email: 'bob@example.com' }]);
    // Shown on the field, not as a notification as well.
    expect(screen.getAllByText('This email is already registered')).toHaveLength(1);
  });

  it('saves a new email and returns to the actions', async () => {
    const server = liveUsers();
    const { user } = await openAdmin(server.routes);
    const dialog = await manage(user, 'alice');
    await user.click(within(dialog).getByRole('button', { name: 'Edit email' }));
    const field = await screen.findByLabelText('Email');
    await user.clear(field);
    await user.type(field, 'Alice@New.example');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Email of alice changed')).toBeVisible();
    expect(server.bodies).toEqual([{ userId: 'u-alice', email: 'alice@new.example' }]);
    const back = await screen.findByRole('dialog', { name: 'Manage alice' });
    expect(within(back).getByRole('button', { name: 'Edit email' })).toHaveFocus();
  });

  it('sends a verification email, and not for a verified address', async () => {
    const server = liveUsers();
    const { user } = await openAdmin(server.routes);
    const dialog = await manage(user, 'alice');
    await user.click(within(dialog).getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText('Verification email sent to alice@example.com')).toBeVisible();
    expect(server.bodies).toEqual([{ userId: 'u-alice' }]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const verified = await manage(user, 'bob');
    const send = within(verified).getByRole('button', { name: 'Send verification email' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(adminMessages.alreadyVerified);
  });
});

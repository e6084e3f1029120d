import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { strategies, users } from '../../db/schema/index.js';
import {
  addPlan,
  auditEntriesFor,
  authed,
  insertSubscription,
  newUser,
  register,
  roles,
} from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** Issue 31: publishing a monthly strategy can mail its subscribers. */

const NOW = '2026-07-10T12:00:00Z';
const board = Array.from({ length: 25 }, (_, i) => ({ title: `Cell ${i + 1}`, points: 1 }));

describeEachDatabase('monthly strategy mail', (ctx) => {
  let admin: { token: string; id: string };
  const who: Record<string, { id: string; email: string; token: string }> = {};

  const verify = (id: string) =>
    ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(NOW) })
      .where(eq(users.id, id));
  const account = async (name: string, verified = true) => {
    const user = await register(ctx.app, newUser(name));
    if (verified) await verify(user.id);
    who[name] = user;
    return user;
  };
  const create = async (title: string) => {
    const res = await authed(ctx.app, admin.token, 'POST', '/api/admin/strategies', {
      title,
      body: '## Plan\n\nTrade **with** the [daily trend](https://example.com) only.\n\n<b>raw</b>',
      board,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().strategy.id as string;
  };
  const mailsTo = async (email: string) =>
    (await ctx.mailer.settled()).filter((m) => m.to === email && m.subject.startsWith('Strategy'));

  beforeAll(async () => {
    ctx.clock.set(NOW);
    const r = await roles(ctx.app, ctx.database);
    admin = r.admin;
    // Granted premium (the paid flag): counts as annual.
    who.granted = r.premium;
    await verify(r.premium.id);
    who.free = r.user;
    await verify(r.user.id);
    await addPlan(ctx.app, admin.token, (await account('monthly')).id, 'monthly');
    await addPlan(ctx.app, admin.token, (await account('annual')).id, 'annual');
    await addPlan(ctx.app, admin.token, (await account('unverified', false)).id, 'annual');
    const expired = await account('expired');
    await insertSubscription(ctx.database, {
      userId: expired.id,
      plan: 'monthly',
      startDate: new Date('2026-05-01T00:00:00Z'),
      endDate: new Date('2026-05-31T00:00:00Z'),
    });
    const gone = await account('gone');
    await addPlan(ctx.app, admin.token, gone.id, 'annual');
    const del = await authed(ctx.app, admin.token, 'DELETE', `/api/users/${gone.id}`);
    expect(del.statusCode, del.body).toBe(204);
  });

  beforeEach(() => ctx.clock.set(NOW));

  it('mails each verified subscriber once, and nobody else; the audit entry has the count', async () => {
    const id = await create('July: trend days');
    const res = await authed(ctx.app, admin.token, 'POST', `/api/admin/strategies/${id}/publish`, {
      month: '2026-07',
      mailSubscribers: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mailsQueued: 3, strategy: { state: 'published' } });

    for (const name of ['granted', 'monthly', 'annual']) {
      const mails = await mailsTo(who[name]!.email);
      expect(mails, name).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Strategy of July 2026: July: trend days');
      expect(mail.text).toContain('Trade with the daily trend only.');
      expect(mail.text).not.toContain('**');
      expect(mail.links).toEqual([`http://app.test/strategies/${id}`]);
      // The html part escapes the text: the body's raw HTML is not markup in the mail.
      expect(mail.html).not.toContain('<b>raw</b>');
    }
    for (const name of ['free', 'unverified', 'expired', 'gone']) {
      expect(await mailsTo(who[name]!.email), name).toHaveLength(0);
    }

    const audit = await auditEntriesFor(ctx.database, id);
    expect(audit.find((e) => e.action === 'strategy.publish')?.details).toMatchObject({
      month: '2026-07',
      mailSubscribers: true,
      mailsQueued: 3,
    });
  });

  it('sends nothing unless asked', async () => {
    const before = (await ctx.mailer.settled()).length;
    const id = await create('August');
    const res = await authed(ctx.app, admin.token, 'POST', `/api/admin/strategies/${id}/publish`, {
      month: '2026-08',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mailsQueued).toBe(0);
    expect((await ctx.mailer.settled()).length).toBe(before);
  });

  it('refuses a mailSubscribers that is not a boolean, in words', async () => {
    const id = await create('September');
    const res = await authed(ctx.app, admin.token, 'POST', `/api/admin/strategies/${id}/publish`, {
      month: '2026-09',
      mailSubscribers: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Mail subscribers must be true or false');
  });

  it('mails once when the same strategy is published twice at once, or again later', async () => {
    const id = await create('October');
    const publish = () =>
      authed(ctx.app, admin.token, 'POST', `/api/admin/strategies/${id}/publish`, {
        month: '2026-10',
        mailSubscribers: true,
      });
    const answers = await Promise.all([publish(), publish()]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().mailsQueued as number).sort()).toEqual([0, 3]);
    expect((await publish()).json().mailsQueued).toBe(0);
    await ctx.mailer.settled();
    for (const name of ['granted', 'monthly', 'annual']) {
      const october = (await mailsTo(who[name]!.email)).filter((m) =>
        m.subject.includes('October'),
      );
      expect(october, name).toHaveLength(1);
    }
  });

  it('publishes one of two strategies sent for the same month at once; the other is 409', async () => {
    const [first, second] = [await create('November A'), await create('November B')];
    const answers = await Promise.all(
      [first, second].map((id) =>
        authed(ctx.app, admin.token, 'POST', `/api/admin/strategies/${id}/publish`, {
          month: '2026-11',
          mailSubscribers: true,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const published = await ctx.database.db
      .select()
      .from(strategies)
      .where(eq(strategies.month, '2026-11'));
    expect(published).toHaveLength(1);
    expect(published[0]!.state).toBe('published');
    await ctx.mailer.settled();
    const november = (await mailsTo(who.monthly!.email)).filter((m) =>
      m.subject.includes('November'),
    );
    expect(november.map((m) => m.subject)).toEqual([
      `Strategy of November 2026: ${published[0]!.title}`,
    ]);
  });
});

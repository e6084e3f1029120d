// The steps of chat.mjs: a small server-sent events client (fetch + ReadableStream), premium
// accounts, the paced posts and the delivery figures. chat.mjs prints and records them.
import { Redis } from 'ioredis';
import { sleep } from './cpu.mjs';
import { quantile } from './closed-loop.mjs';
import { call, expectStatus, signUp, until } from './instances-steps.mjs';

/** One block of an event stream (the lines up to a blank line): `{ event, data, id }` or null. */
export function parseSseBlock(block) {
  let event = 'message';
  let id;
  const data = [];
  let fields = 0;
  for (const raw of block.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith(':')) continue; // a comment (the heartbeat)
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    fields++;
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id') id = value;
  }
  return fields ? { event, id, data: data.join('\n') } : null;
}

/**
 * Opens `GET /api/chat/stream` on `child` with `token` and calls `onEvent(event, at)` for every
 * event, `at` the performance.now() when its bytes were read. Resolves once the stream answered
 * 200 (throws otherwise); `ready` resolves on the server's `ready` event. `close()` ends it;
 * `endedEarly` / `error` tell whether it ended on its own.
 */
export async function openChatStream(child, token, label, onEvent) {
  const controller = new AbortController();
  const res = await fetch(`${child.url}/api/chat/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (res.status !== 200) {
    const text = await res.text().catch(() => '');
    throw new Error(`${label}: chat stream answered ${res.status} ${text}`);
  }
  let markReady;
  const stream = {
    label,
    instance: child.label,
    closing: false,
    endedEarly: false,
    error: undefined,
    ready: new Promise((resolve) => (markReady = resolve)),
    close() {
      stream.closing = true;
      controller.abort();
    },
  };
  stream.done = (async () => {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const event = parseSseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (!event) continue;
          if (event.event === 'ready') markReady();
          onEvent(event, at);
        }
      }
    } catch (err) {
      if (!stream.closing) stream.error = err.message;
    }
    if (!stream.closing) stream.endedEarly = true;
  })();
  return stream;
}

/** Resolves `promise`, or throws `what` after `ms`. */
export async function within(promise, ms, what) {
  let timer;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not after ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until both instances listen on the chat's Redis channel (a message published before
 * that would not reach the other instance).
 */
export async function bothSubscribed(redisUrl, channel) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await until(
      `both instances on ${channel}`,
      async () => {
        const [, n] = await redis.pubsub('NUMSUB', channel);
        return Number(n) >= 2 && performance.now();
      },
      { everyMs: 100 },
    );
  } finally {
    redis.disconnect();
  }
}

/**
 * The admin (the first account registered) and `traders` traders, signed up on A; the admin
 * grants each trader premium (`PUT /api/users/premium-status`); every user's `GET
 * /api/chat/rooms` then answers 200 on A and on B.
 */
export async function chatUsers(a, b, traders, tag) {
  const admin = await signUp(a, `chat-admin-${tag}`);
  const me = await expectStatus(a, 200, 'GET', '/api/users/me', { token: admin.token });
  if (me.body.isAdmin !== true) throw new Error('the first account is not the admin');
  const users = [admin];
  for (let i = 1; i <= traders; i++) {
    const trader = await signUp(i % 2 ? b : a, `chat-trader-${i}-${tag}`);
    const refused = await call(a, 'GET', '/api/chat/rooms', { token: trader.token });
    if (refused.status !== 403) {
      throw new Error(`a free trader's GET /api/chat/rooms answered ${refused.status}, not 403`);
    }
    await expectStatus(a, 200, 'PUT', '/api/users/premium-status', {
      token: admin.token,
      body: { userId: trader.id, isPaidUser: true },
    });
    users.push(trader);
  }
  for (const user of users) {
    for (const child of [a, b]) {
      await until(`${user.username} premium on ${child.label}`, async () => {
        const res = await call(child, 'GET', '/api/chat/rooms', { token: user.token });
        return res.status === 200 && res.at;
      });
    }
  }
  return users;
}

/** Sorted copy; median, p95 and max (NaN when empty). */
export function spread(xs) {
  const sorted = [...xs].sort((x, y) => x - y);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/**
 * Posts `plan` (a list of `{ text, child, user, measured }`), post i sent at start + i *
 * intervalMs whatever the earlier answers did, and records each answer: `sentAt` (just before
 * the request), `answeredAt`, `status`, `id`.
 */
export async function pacedPosts(plan, intervalMs, room) {
  const start = performance.now();
  const answers = [];
  for (let i = 0; i < plan.length; i++) {
    const post = plan[i];
    const wait = start + i * intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    post.sentAt = performance.now();
    answers.push(
      call(post.child, 'POST', `/api/chat/rooms/${room}/messages`, {
        token: post.user.token,
        body: { text: post.text },
      }).then(
        (res) => {
          post.answeredAt = res.at;
          post.status = res.status;
          post.id = res.body?.message?.id;
          if (res.status !== 201) post.error = JSON.stringify(res.body);
        },
        (err) => {
          post.answeredAt = performance.now();
          post.status = 'error';
          post.error = err.message;
        },
      ),
    );
  }
  await Promise.all(answers);
  return (performance.now() - start) / 1000;
}

import type { ChatMessage } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '../test/fixtures';
import {
  compareIds,
  markDeleted,
  maxId,
  mergeEarlierPage,
  mergeLatestPage,
  mergeMessages,
} from './messages';

const ids = (messages: readonly ChatMessage[]) => messages.map((m) => m.id);

describe('compareIds', () => {
  it('orders decimal ids as numbers, not as text', () => {
    expect(['10', '9', '100', '11'].sort(compareIds)).toEqual(['9', '10', '11', '100']);
    expect(maxId('9', '10')).toBe('10');
    expect(maxId(null, '3')).toBe('3');
  });
});

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, whatever the order they came in', () => {
    const merged = mergeMessages(
      [chatMessage('9'), chatMessage('10')],
      [chatMessage('10'), chatMessage('8'), chatMessage('11'), chatMessage('11')],
    );
    expect(ids(merged)).toEqual(['8', '9', '10', '11']);
  });

  it('a removal sticks: a replayed copy of the message does not bring its text back', () => {
    const removed = chatMessage('5', { deleted: true, text: '' });
    const merged = mergeMessages([removed], [chatMessage('5')]);
    expect(merged).toEqual([removed]);
  });
});

describe('pages', () => {
  it('the newest page read again keeps the earlier messages and their "Load earlier"', () => {
    const kept = { messages: [chatMessage('1'), chatMessage('2')], hasMore: true };
    const page = { messages: [chatMessage('2'), chatMessage('3')], hasMore: true };
    expect(mergeLatestPage(kept, page)).toEqual({
      messages: [chatMessage('1'), chatMessage('2'), chatMessage('3')],
      hasMore: true,
    });
  });

  it('a newest page that does not reach what was shown replaces it (no hidden gap)', () => {
    const kept = { messages: [chatMessage('1'), chatMessage('2')], hasMore: false };
    const page = { messages: [chatMessage('60'), chatMessage('61')], hasMore: true };
    expect(mergeLatestPage(kept, page)).toEqual(page);
  });

  it('an earlier page goes in front and says whether there are more', () => {
    const kept = { messages: [chatMessage('5')], hasMore: true };
    const merged = mergeEarlierPage(kept, { messages: [chatMessage('4')], hasMore: false });
    expect(merged).toEqual({ messages: [chatMessage('4'), chatMessage('5')], hasMore: false });
  });
});

describe('markDeleted', () => {
  it('empties the removed message and leaves the others', () => {
    const plan = chatMessage('2', { kind: 'plan' });
    const out = markDeleted([chatMessage('1'), plan], '2');
    expect(out[0]).toEqual(chatMessage('1'));
    expect(out[1]).toMatchObject({ id: '2', deleted: true, text: '', plan: null });
  });
});

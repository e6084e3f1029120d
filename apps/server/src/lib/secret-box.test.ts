import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('a-long-app-secret-for-the-tests-0123456789');

  it('round-trips a secret and never stores it in clear', () => {
    const secret = '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d';
    const sealed = box.encrypt(secret);
    expect(sealed).not.toContain(secret.slice(2, 20));
    expect(box.decrypt(sealed)).toBe(secret);
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(box.encrypt('x')).not.toBe(box.encrypt('x'));
  });

  it('refuses a tampered value and a value sealed with another secret', () => {
    const sealed = box.encrypt('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => new SecretBox('another-secret-of-enough-length-000000').decrypt(sealed)).toThrow();
    expect(() => box.decrypt('garbage')).toThrow('Bad sealed value');
  });
});

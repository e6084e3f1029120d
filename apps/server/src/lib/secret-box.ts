import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM encryption of secrets at rest (exchange private keys, webhook URLs).
 * Output: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. The key is derived from APP_SECRET.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(appSecret: string) {
    this.#key = createHash('sha256').update(`secret-box:${appSecret}`).digest();
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
    return `v1.${parts.join('.')}`;
  }

  /** Throws when the value was not made by this key (tampered, or another APP_SECRET). */
  decrypt(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Bad sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  }
}

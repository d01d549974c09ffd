import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Authenticator (TOTP) secrets must be readable by the server to check codes, so they are
// encrypted rather than hashed: AES-256-GCM under a key derived from the installation secret
// (APP_SECRET, or the one kept in the database). A stolen row alone reveals nothing.
export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function createSecretBox(installationKey: Buffer, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', installationKey, Buffer.alloc(0), `bluepeak:${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        body.toString('base64'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('sealed secret has an unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown account answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

export class Argon2PasswordHasher implements PasswordHasher {
  private decoy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(hashed: string, password: string): Promise<boolean> {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }

  async verifyNothing(password: string): Promise<void> {
    this.decoy ??= hash('decoy-password-for-timing', OPTIONS);
    await this.verify(await this.decoy, password);
  }
}

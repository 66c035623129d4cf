import type { PasswordHasher } from '../../../server/platform/passwords';

/** A cheap, deterministic hasher for tests (argon2 is tested on its own); never used by the app. */
export const testPasswords: PasswordHasher = {
  async hash(password) {
    return `test$${password}`;
  },
  async verify(hashed, password) {
    return hashed === `test$${password}`;
  },
  async verifyNothing() {},
};

/** argon2id password hashing (OWASP parameters: 19 MiB, 2 passes, 1 lane). */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Verified against when the account does not exist, so both paths take about the same time. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c1NRswGlfCyAE4NPPg+X1A$Z+Wtye5tfQrrN9oYUmBgdx7CS6TY5dnBTsR1xSglx/E';

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  try {
    const ok = await argon2.verify(hash || DUMMY_HASH, password);
    return ok && Boolean(hash);
  } catch {
    return false;
  }
}

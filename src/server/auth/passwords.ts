import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane.
// (algorithm 2 is Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the email is unknown, so that a miss costs as long as a wrong password.
let dummyHash: Promise<string> | null = null;

/** True when `password` matches `stored`; with no stored hash it still spends the same time. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword("not-a-real-password-only-for-timing");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

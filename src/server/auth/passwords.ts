import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane.
// (algorithm 2 is Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.)
const PASSWORD_HASHING = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The cheapest argon2id there is (1 MiB, one pass), for test servers only (tests/helpers/server.ts):
 * the suite signs up ~1,000 people over HTTP and each hash at production's cost took ~28 ms of CPU on
 * two shared cores (~34 s of the API tests' ~580 s of CPU, 2026-12-01, issue 28). Every hash it makes
 * is still argon2id, verified the same way; src/server/auth/passwords.test.ts holds production's cost.
 */
const TEST_PASSWORD_HASHING = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let options: typeof PASSWORD_HASHING | typeof TEST_PASSWORD_HASHING = PASSWORD_HASHING;

/** Test servers only (once, as tests/helpers/server.ts loads): hash at TEST_PASSWORD_HASHING's cost. */
export function lowerPasswordHashingForTests() {
  options = TEST_PASSWORD_HASHING;
  dummyHash = null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
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

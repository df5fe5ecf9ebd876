-- Accounts that stay yours (docs/sign-in.md, "Proving an address"). Proving an address on an
-- account whose address was never proven hands the account to the prover: every other session
-- ends and the password set before the proof stops working, unless the prover is that account's
-- own signed-in session. `email_proof` records how the address was proven:
--   link      its verification link, under these rules
--   reset     a password reset link (which sets a new password and ends every session)
--   provider  Google or Apple vouching for it (sign-in or link, under these rules)
--   operator  `npm run admin -- create`
--   legacy    proven before these rules: a verification link was then spent by one click on the
--             page's load, leaving the sessions and password of whoever typed the address first.
-- ADMIN_EMAILS applies only to a proof that is not legacy, and a legacy proof counts as unproven
-- the next time the address is proven (a reset link, or Google or Apple vouching for it).
-- An account without a password cannot keep a stranger's password: its proof came from a
-- provider (an account made by Google or Apple, or one whose typed password a provider's proof
-- removed), so it is marked so.
ALTER TABLE users ADD COLUMN email_proof text
  CHECK (email_proof IN ('link', 'reset', 'provider', 'operator', 'legacy'));
UPDATE users SET email_proof = CASE WHEN password_hash IS NULL THEN 'provider' ELSE 'legacy' END
 WHERE email_verified_at IS NOT NULL;

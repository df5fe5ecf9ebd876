-- The owner's way in that password guessing cannot block (issue 27, MEDIUM 3; docs/sign-in.md,
-- "Failed sign-ins" and "Sign-in links"): a one-time sign-in link VIBE mails to the account's
-- address. It is an email_tokens row like the verification and reset links (only an HMAC of the
-- token is kept; single use; 15 minutes).
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'signin'));

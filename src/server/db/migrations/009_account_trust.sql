-- Accounts people can trust (docs/sign-in.md, "Roles"). An email address is only *proven* when
-- its owner followed a link sent to it, or when Google or Apple vouched for it; ADMIN_EMAILS
-- grants the admin role to proven addresses only, at the moment the account is read, so it is
-- never stored from a self-typed email. `role` itself is what an operator granted with
-- `npm run admin` (and the admins that existed before this migration, who keep their role).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

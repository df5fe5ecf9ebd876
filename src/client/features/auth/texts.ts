// Screen texts and settings of the auth feature (../shared/product-spec.md).

import { ACCOUNT_MESSAGES } from "@shared/vocabulary";

export const ACCOUNT_TEXT = {
  ...ACCOUNT_MESSAGES,
  checkEmailTitle: "Check your email",
  checkEmailBody: (email: string) =>
    `We sent a message to ${email}. It says what to do next. ` +
    "If it does not arrive in a few minutes, look in your spam folder.",
  welcomeTitle: "Welcome to VIBE!",
  welcomeBody: (email: string) => `We sent a link to ${email} to verify your email address.`,
  forgotLink: "Forgot password?",
  forgotTitle: "Reset your password",
  forgotSubtitle: "Enter the email of your account and we will send you a link to choose a new password.",
  forgotSubmit: "Send reset link",
  forgotSending: "Sending...",
  forgotFailed: "Could not send the reset link",
  backToSignIn: "Back to sign in",
  /** "Email me a sign-in link": the way in that password guessing cannot block (issue 27). */
  emailLinkButton: "Email me a sign-in link",
  emailLinkTitle: "Sign in with a link",
  emailLinkSubtitle: "Enter the email of your account and we will send you a link that signs you in once.",
  emailLinkSubmit: "Send sign-in link",
  emailLinkFailed: "Could not send the sign-in link",
  signInLinkTitle: "Sign in to VIBE",
  signInLinkBody: "Press the button to sign in with the link we emailed you. It works once.",
  signInLinkSubmit: "Sign me in",
  signingIn: "Signing in...",
  signInLinkAgain: "Email me a new link",
  resetTitle: "Choose a new password",
  resetSubtitle: "Setting a new password signs you out on every other device.",
  resetSubmit: "Set new password",
  resetSaving: "Saving...",
  resetDone: "Password changed",
  resetDoneBody: "You are signed in, and signed out everywhere else.",
  resetFailed: "Could not set the password",
  newPassword: "New password",
  requestNewLink: "Request a new link",
  verifyTitle: "Verify your email",
  verifyChecking: "Checking your link...",
  verifyConfirmBody: (email: string) => `Confirm that ${email} is your address.`,
  verifySubmit: "Verify my email",
  verifyClaimBody: (email: string) =>
    `Confirm that ${email} is your address and choose the account's password. This signs out every device ` +
    "signed in to the account and replaces any password set before: if someone else signed up with your " +
    "address, they lose access.",
  verifyClaimSubmit: "Verify and set password",
  verifying: "Verifying your email...",
  verifiedBody: (email: string) => `Thanks! ${email} is confirmed as your address.`,
  verifiedClaimedBody: (email: string) =>
    `Thanks! ${email} is confirmed as your address. You are signed in here, and signed out everywhere else.`,
  continue: "Continue",
  goToSignIn: "Go to sign in",
  linkMissing: "This page needs the link from your email. Open the link in the message again.",
  // Profile
  unverifiedTitle: "Verify your email",
  unverifiedBody: (email: string) => `We sent a link to ${email}. Open it to confirm your address.`,
  resend: "Send a new link",
  resending: "Sending...",
  resendFailed: "Could not send the link",
  signOutEverywhere: "Sign Out Everywhere",
  signOutEverywhereTitle: "Sign out everywhere?",
  signOutEverywhereBody:
    "This ends your sessions on every device and browser, including this one. You will need to sign in again.",
  signOutEverywhereConfirm: "Sign out everywhere",
  signOutEverywhereFailed: "Could not sign out everywhere",
} as const;

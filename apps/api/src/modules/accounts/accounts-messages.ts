/** What the account calls answer (and the spec's clients show). */
export const ACCOUNT_MESSAGES = {
  badLogin: 'Invalid email or password.',
  otpSent: 'OTP sent successfully!',
  resetOtpSent: 'OTP sent to your email.',
  otpVerified: 'OTP verified successfully!',
  noLiveCode: 'No active OTP for this email. Please request a new one.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  tooManyTries: 'Too many wrong tries. Please request a new OTP.',
  notVerified: 'Please verify your email with the OTP first.',
  emailTaken: 'An account with this email already exists. Please log in.',
  registered: 'Registration successful!',
  loggedIn: 'Login successful!',
  loggedOut: 'Logged out.',
  passwordReset: 'Password reset successfully!',
  googleMissing: 'Google credential is missing.',
  googleOff: 'Google sign-in is not set up at this shop. Sign in with your email and password.',
  googleRejected: 'Google sign-in failed: the credential could not be verified.',
  googleOtherAccount: 'This email is linked to a different Google account.',
  googleStaff:
    'This is a staff account of the shop: sign in at /admin with your email and password. Google sign-in is for customers only.',
  googleUnverified:
    'Google has not verified the email address of this Google account, so it cannot sign in here. Sign in with your email and password instead.',
  sessionExpired: 'Your session has expired. Please log in again.',
  userNotFound: 'User not found',
  userFound: 'User found',
  notStaff:
    "This account is a customer account. Only the shop's owner and staff can sign in to the admin.",
  alreadyStaff: 'This email already has that role (or is an owner) at this store.',
  noInvite: 'There is no open invite for this email. Ask the owner to invite you again.',
  wrongInviteCode: 'That invite code is not right.',
  tooManyInviteTries: 'Too many wrong codes. Ask the owner to invite you again.',
  staffNotFound: 'No staff member with this id at this store.',
  lastOwner: 'The store must keep at least one owner: make someone else owner first.',
  signInCodeGone: 'This sign-in code has expired or was used. Sign in again for a new one.',
  signInCodeTooManyTries: 'Too many wrong codes. Sign in again for a new one.',
  testCodeGone: 'This test code has expired or was used. Send a new test code.',
  testCodeTooManyTries: 'Too many wrong codes. Send a new test code.',
  testCodeOtherEmail: 'This test code was sent to someone else. Send a new test code to yourself.',
  emailFailed: 'We could not send the email. Please try again in a moment.',
} as const;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** What the second-factor forms say (issue 13): the same words with JavaScript on and off. */
export const twoFactorMessages = {
  codeRequired: "Please enter the 6-digit code from your authenticator app, or a recovery code",
  codeWrong: "That code didn't work. Check your authenticator app and try again.",
  /** A right code whose time step was already used (issue 50): each code counts once. */
  codeUsed: "This code was already used. Wait for the next code in your authenticator app.",
  challengeExpired: {
    type: "info",
    title: "Please Sign In Again",
    description:
      "Your sign-in took too long or had too many wrong codes. Enter your password again to get a new chance.",
  },
  locked: "Too many wrong codes. Please wait 15 minutes, then try again.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
} as const;

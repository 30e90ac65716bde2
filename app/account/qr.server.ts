/**
 * The authenticator app's set-up view: the otpauth URI as a QR code (SVG,
 * rendered on the server by uqr: no JavaScript) and its secret as text for
 * typing in by hand.
 */
import { renderSVG } from "uqr";

export interface TwoFactorSetup {
  totpURI: string;
  /** Base32, in groups of four for reading aloud or typing. */
  secret: string;
  qrSvg: string;
}

/** Only an otpauth TOTP URI is ever drawn or shown (the confirm form sends it back for display). */
export function twoFactorSetup(totpURI: string | undefined): TwoFactorSetup | null {
  if (!totpURI || !/^otpauth:\/\/totp\/[^\s]+$/.test(totpURI)) return null;
  let secret: string | null;
  try {
    secret = new URL(totpURI).searchParams.get("secret");
  } catch {
    return null;
  }
  if (!secret || !/^[A-Z2-7]+=*$/.test(secret)) return null;
  return {
    totpURI,
    secret: secret.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 "),
    qrSvg: renderSVG(totpURI, { border: 2, ecc: "M" }),
  };
}

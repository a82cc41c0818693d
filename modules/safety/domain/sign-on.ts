/**
 * Sign-on through a QR link (decision 035 and its SWMS addendum): the subjects a person without an account
 * signs (a talk, an accepted SWMS: each gets the same links, pages and rules), the link's lifetime and the
 * external page's address. Pure.
 */
export const SIGN_ON_SUBJECTS = ["talk", "swms"] as const;
export type SignOnSubject = (typeof SIGN_ON_SUBJECTS)[number];

/** The subject's segment of the external page's address: `/external/<segment>/:linkId/sign-on`. */
const SIGN_ON_SEGMENTS: Record<SignOnSubject, string> = { talk: "ptt", swms: "swms" };

/** The external sign-on page of a link (relative; the QR code holds it absolute: server `signOnUrl`). */
export const signOnPath = (subject: SignOnSubject, linkId: string, token: string) =>
  `/external/${SIGN_ON_SEGMENTS[subject]}/${linkId}/sign-on?token=${encodeURIComponent(token)}`;

/** A sign-on link lasts a shift: twelve hours from when the supervisor shows it. */
export const SIGN_ON_LINK_HOURS = 12;

export const signOnExpiry = (now = new Date()) => new Date(now.getTime() + SIGN_ON_LINK_HOURS * 3_600_000);

/** The purpose the link's token is derived under (server/links `derivedLinkToken`). */
export const signOnTokenPurpose = (subject: SignOnSubject) => `safety-sign-on:${subject}`;

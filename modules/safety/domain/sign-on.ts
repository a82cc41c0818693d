/**
 * Sign-on through a QR link (decision 035): the subjects a person without an account signs (a talk today; a
 * SWMS can be added here and get the same links, pages and rules), and the link's lifetime. Pure.
 */
export const SIGN_ON_SUBJECTS = ["talk"] as const;
export type SignOnSubject = (typeof SIGN_ON_SUBJECTS)[number];

/** A sign-on link lasts a shift: twelve hours from when the supervisor shows it. */
export const SIGN_ON_LINK_HOURS = 12;

export const signOnExpiry = (now = new Date()) => new Date(now.getTime() + SIGN_ON_LINK_HOURS * 3_600_000);

/** The purpose the link's token is derived under (server/links `derivedLinkToken`). */
export const signOnTokenPurpose = (subject: SignOnSubject) => `safety-sign-on:${subject}`;

/**
 * In/Out (README "In/Out", decision 040): who signs in and out of the site, by the site office or at the gate
 * through the QR link, and how the hours of a day are counted. Pure.
 */
export const IN_OUT_KINDS = ["worker", "visitor"] as const;
export type InOutKind = (typeof IN_OUT_KINDS)[number];

/** How a record was signed out: by the site office, by the person at the gate, by the nightly rule. */
export const SIGN_OUT_KINDS = ["manual", "gate", "automatic"] as const;
export type SignOutKind = (typeof SIGN_OUT_KINDS)[number];

/** Where a sign-in was taken: the In/Out page, or the gate's QR page. */
export const SIGN_IN_SOURCES = ["app", "gate"] as const;
export type SignInSource = (typeof SIGN_IN_SOURCES)[number];

export const IN_OUT_LIMITS = { name: 200, company: 200, role: 200, reason: 500 } as const;

/** One person on one project: the name and company folded (case, spaces), so "dao  VAN" is "Dao Van". */
export function personKey(name: string, company: string): string {
  const fold = (text: string) => text.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
  return `${fold(name)}|${fold(company)}`;
}

/** A gate's QR link lasts a year; the site office regenerates or revokes it at will. */
export const GATE_LINK_DAYS = 365;

/** The purpose the gate link's token is derived under (server/links `derivedLinkToken`). */
export const GATE_TOKEN_PURPOSE = "operation-in-out-gate";

/** The gate's external page (relative; the QR code holds it absolute). */
export const gatePath = (linkId: string, token: string) =>
  `/external/in-out/${linkId}?token=${encodeURIComponent(token)}`;

export const IN_OUT_PATH = "/operation/in-out";
export const inOutRecordPath = (id: string) => `${IN_OUT_PATH}/${id}`;

/** The activity log's entity of a project's In/Out: one history per project (entity id = project id). */
export const IN_OUT_ENTITY_TYPE = "operation-in-out";

/** "HH:mm" 24-hour. */
export const isClockTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** Minutes of a HH:mm time. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

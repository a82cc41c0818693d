/** The states every signed link shares (tokens.server.ts); no crypto here, the screens read it too. */
export type OpenLinkState = "valid" | "expired" | "revoked" | "used";

/** Why a link no longer works; the first that applies wins (a used link stays "used" after it expires). */
export function openLinkState(
  link: { revokedAt?: Date | null; usedAt?: Date | null; expiresAt: Date },
  now = new Date(),
): OpenLinkState {
  if (link.revokedAt) return "revoked";
  if (link.usedAt) return "used";
  if (link.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

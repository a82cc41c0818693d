import { createHash, randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { AuthToken, type IAuthToken, type IUser } from "~/server/db/entities";

export const RESET_LINK_MS = 60 * 60 * 1000;
export const INVITATION_LINK_MS = 7 * 24 * 60 * 60 * 1000;

export type TokenKind = "reset" | "invite";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a one-time link token; any earlier unused token of the same kind for the user stops working. */
export async function issueToken(em: EntityManager, user: IUser, kind: TokenKind): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(AuthToken, { user: user.id, kind, usedAt: null }, { usedAt: new Date() });
    tx.create(AuthToken, {
      user: user.id,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + (kind === "reset" ? RESET_LINK_MS : INVITATION_LINK_MS)),
      usedAt: null,
    });
  });
  return token;
}

export type TokenCheck =
  | { status: "valid"; token: IAuthToken; kind: TokenKind }
  | { status: "expired"; kind: TokenKind }
  | { status: "invalid" };

/** Looks a token up without using it. Used, superseded and timed-out tokens all count as expired. */
export async function checkToken(em: EntityManager, token: string | null | undefined): Promise<TokenCheck> {
  if (!token) return { status: "invalid" };
  const row = await em.findOne(AuthToken, { tokenHash: hashToken(token) }, { populate: ["user"] });
  if (!row) return { status: "invalid" };
  if (row.usedAt || row.expiresAt.getTime() <= Date.now()) return { status: "expired", kind: row.kind };
  return { status: "valid", token: row, kind: row.kind };
}

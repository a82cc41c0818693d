import { z } from "zod";

/**
 * Members and invitations: the rules shared by the project and the global members pages. Pure (no Remix,
 * no MikroORM) so the browser validates with the very same schemas as the server.
 */

/** Spec 5: 'Member invitation: at most 100 email addresses'. */
export const MAX_INVITATION_EMAILS = 100;
/** The longest address an account can have (User.email). */
export const MAX_EMAIL_LENGTH = 320;
/** A Select cannot post an empty value (spec 5), so "no ACC role" / "no company" is this value. */
export const NO_CHOICE = "none";

export type MemberStatus = "active" | "invited" | "deactivated";

/**
 * Invited until the person sets a password or links a Microsoft account; a deactivated account shows as
 * such whatever else is true, since it cannot sign in.
 */
export function memberStatus(user: {
  passwordHash?: string | null;
  microsoftSubject?: string | null;
  isActive?: boolean | null;
}): MemberStatus {
  if (user.isActive === false) return "deactivated";
  return user.passwordHash || user.microsoftSubject ? "active" : "invited";
}

export const canResendInvitation = (status: MemberStatus) => status === "invited";

const emailSchema = z.email();

export function isInvitationEmail(address: string): boolean {
  return address.length <= MAX_EMAIL_LENGTH && emailSchema.safeParse(address).success;
}

/**
 * The addresses a form posted, in order, trimmed and lower-cased. The tags input posts one value per
 * address; without JavaScript the user typed a comma list into one box. Duplicates are kept so they can
 * be reported.
 */
export function addressesFromForm(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((entry): entry is string => typeof entry === "string")
    .flatMap((entry) => entry.split(","))
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
}

export type AddressListCheck = {
  /** Each address once, in the order given. */
  unique: string[];
  invalid: string[];
  duplicates: string[];
  tooMany: boolean;
};

export function checkAddressList(addresses: readonly string[]): AddressListCheck {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const address of addresses) {
    if (seen.has(address)) duplicates.add(address);
    seen.add(address);
  }
  const unique = [...seen];
  return {
    unique,
    invalid: unique.filter((address) => !isInvitationEmail(address)),
    duplicates: [...duplicates],
    tooMany: unique.length > MAX_INVITATION_EMAILS,
  };
}

/**
 * Error messages are translation keys; a key about one address carries it after '|'
 * ("validation.invalidEmail|bob@") so each bad address gets its own line.
 */
export const addressError = (key: string, address: string) => `${key}|${address}`;

const invitationAddresses = z.preprocess(addressesFromForm, z.array(z.string())).superRefine((list, ctx) => {
  const check = checkAddressList(list);
  if (check.unique.length === 0) {
    ctx.addIssue({ code: "custom", message: "validation.required" });
    return;
  }
  if (check.tooMany) ctx.addIssue({ code: "custom", message: "members:invite.tooManyEmails" });
  for (const address of check.invalid)
    ctx.addIssue({ code: "custom", message: addressError("validation.invalidEmail", address) });
  for (const address of check.duplicates)
    ctx.addIssue({ code: "custom", message: addressError("members:invite.duplicateEmail", address) });
});

const requiredId = z.uuid({ error: "validation.required" });

/** An optional choice: absent or "none" means none; anything else must be an id. */
const optionalId = z
  .union([z.literal(NO_CHOICE), z.uuid({ error: "members:form.unknownOption" })])
  .optional()
  .transform((value) => (value && value !== NO_CHOICE ? value : null));

export const projectInvitationSchema = z.object({
  emails: invitationAddresses,
  roleId: requiredId,
  accRoleId: optionalId,
  companyId: optionalId,
});
export type ProjectInvitation = z.output<typeof projectInvitationSchema>;

export const globalInvitationSchema = z.object({
  emails: invitationAddresses,
  globalRoleId: optionalId,
});
export type GlobalInvitation = z.output<typeof globalInvitationSchema>;

/** The roles-and-company form of a project member's page. */
export const projectMemberEditSchema = z.object({
  intent: z.literal("edit"),
  roleId: requiredId,
  accRoleId: optionalId,
  companyId: optionalId,
});

/** The forms of a project member's page, told apart by their intent. */
export const projectMemberFormSchema = z.discriminatedUnion("intent", [
  projectMemberEditSchema,
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("remove") }),
]);

export const globalRoleFormSchema = z.object({ intent: z.literal("global-role"), globalRoleId: optionalId });

/** The forms of a user's page in global settings. */
export const globalMemberFormSchema = z.discriminatedUnion("intent", [
  globalRoleFormSchema,
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("reactivate") }),
]);

/** An account gets a name before its owner chooses one: the part of the address before the @. */
export function nameFromEmail(address: string): string {
  const local = address.split("@")[0] ?? address;
  const words = local
    .split(/[._\-+]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return (words.join(" ") || local).slice(0, 200);
}

export type DeactivationRefusal = "self" | "superAdmin" | null;

/** Nobody deactivates themselves; only a super admin deactivates a super admin. */
export function deactivationRefusal(
  actor: { id: string; isSuperAdmin: boolean },
  target: { id: string; isSuperAdmin: boolean },
): DeactivationRefusal {
  if (actor.id === target.id) return "self";
  if (target.isSuperAdmin && !actor.isSuperAdmin) return "superAdmin";
  return null;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list search from the URL, bounded so a pasted novel does not become a query. */
export const searchFromUrl = (params: URLSearchParams) => params.get("q")?.trim().slice(0, 100) ?? "";

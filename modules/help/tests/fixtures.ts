import type { EntityManager } from "@mikro-orm/postgresql";
import { type IUser, User } from "~/server/db/entities";
import { createRole, createUser } from "~/tests/factories";
import { signIn } from "~/tests/setup/requests";
import type { HelpSection } from "../domain/help-sections";
import { HelpArticle, type IHelpArticle } from "../entities";

export const ALL_HELP_KEYS = ["help.article.create", "help.article.edit", "help.article.delete"];

/** Someone whose global role grants these keys (none: a plain user), signed in, with no project. */
export async function helpUser(
  em: EntityManager,
  keys: string[],
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<{ user: IUser; cookie: string }> {
  const user = await createUser(em, overrides);
  if (keys.length) {
    const role = await createRole(em, { grantedActions: keys });
    await em.nativeUpdate(User, { id: user.id }, { globalRole: role.id });
  }
  return { user, cookie: await signIn(em, user) };
}

/** An article written straight to the database (English unless other languages are given). */
export async function makeArticle(
  em: EntityManager,
  section: HelpSection,
  values: Partial<
    Pick<IHelpArticle, "titleEn" | "bodyEn" | "titleVi" | "bodyVi" | "titleAu" | "bodyAu" | "position">
  > = {},
): Promise<IHelpArticle> {
  const article = em.create(HelpArticle, {
    section,
    position: 0,
    titleEn: "An article",
    bodyEn: "Some help.",
    ...values,
  } as never) as IHelpArticle;
  await em.flush();
  return article;
}

/** A tiny PNG (the signature is enough: the type is decided by the extension). */
export const png = (name = "screen.png", bytes = 64) => {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([data as BlobPart], name, { type: "image/png" });
};

/** The article form as a browser posts it (multipart), with its files. */
export function articlePost(fields: Record<string, string | string[]>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  for (const file of files) form.append("screenshots", file);
  return form;
}

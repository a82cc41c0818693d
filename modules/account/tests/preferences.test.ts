import { describe, expect, it } from "vitest";
import { User } from "~/server/db/entities";
import { requestContext } from "~/server/permissions/guard.server";
import { addMember, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, signIn } from "~/tests/setup/requests";
import * as preferences from "../routes/preferences";

const db = setupTestDatabase();

const localeOf = async (cookie: string) =>
  (await requestContext(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).locale;

describe("language preference", () => {
  it("shows au in an Australian project until the user picks another language", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em, { language: "AU" });
    await addMember(db.em, { project, user });
    const cookie = await signIn(db.em, user, { projectId: project.id });
    expect(await localeOf(cookie)).toBe("au");

    const result = await callAction(preferences, "/account/preferences", {
      cookie,
      form: { locale: "vi", redirectTo: "/?tab=2" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/?tab=2");
    expect((await db.em.findOneOrFail(User, { id: user.id })).locale).toBe("vi");
    expect(await localeOf(cookie)).toBe("vi");
  });

  it.each(["/\t/evil.example", "//evil.example", "/?q=\u0100", "/x\r\nSet-Cookie: a=b"])(
    "saves the language and goes to / instead of %j",
    async (redirectTo) => {
      const user = await createUser(db.em);
      const cookie = await signIn(db.em, user);
      const result = await callAction(preferences, "/account/preferences", {
        cookie,
        form: { locale: "vi", redirectTo },
      });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/");
      expect((await db.em.findOneOrFail(User, { id: user.id })).locale).toBe("vi");
    },
  );

  it("refuses an unknown language and changes nothing", async () => {
    const user = await createUser(db.em);
    const cookie = await signIn(db.em, user);
    const result = await callAction(preferences, "/account/preferences", { cookie, form: { locale: "fr" } });
    expect(result.status).toBe(400);
    expect((await db.em.findOneOrFail(User, { id: user.id })).locale).toBeNull();
  });

  it("needs a signed-in user", async () => {
    const result = await callAction(preferences, "/account/preferences", { form: { locale: "vi" } });
    expect(result.location).toBe("/auth/login?redirectTo=%2Faccount%2Fpreferences");
  });
});

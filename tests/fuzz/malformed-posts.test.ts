/**
 * The causes of issue #11's 500s, one by one, on real routes: each is now a 4xx with a clear message in the
 * user's language, and changes nothing. The fuzz suite finds them all again on every route; this file says
 * what the user reads.
 */
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import * as login from "~/modules/account/routes/login";
import * as logout from "~/modules/account/routes/logout";
import { Lot } from "~/modules/quality/entities";
import * as lotCreate from "~/modules/quality/routes/lot-create";
import * as lotReport from "~/modules/quality/routes/lot-report";
import { makeLot } from "~/modules/quality/tests/reports-fixtures";
import { JobRun, Session } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, signedInMember } from "~/tests/setup/requests";
import { changedTables, databaseState } from "./database-state";
import { post, type RawPost, type RouteModule } from "./send";

const db = setupTestDatabase();
const FORM = "application/x-www-form-urlencoded";

/** Posts, and answers what the browser gets and which tables changed. */
async function answer(module: RouteModule, raw: RawPost, params: Record<string, string> = {}) {
  const before = await databaseState(db.em);
  const outcome = await post(module, params, raw);
  return {
    status: outcome.status,
    text: outcome.body,
    changed: changedTables(before, await databaseState(db.em)),
  };
}

const english = async (messages: string[] | undefined) => {
  const t = await serverT("en");
  return (messages ?? []).map((text) => translateMessage(t, text));
};

describe("malformed posts", () => {
  it("a sign-in sent as JSON, plain text or a cut-off multipart body is a 400, even for a visitor", async () => {
    const json = await answer(login, {
      url: "/auth/login",
      contentType: "application/json",
      body: '{"email":"a@b.c"}',
    });
    expect(json).toMatchObject({
      status: 400,
      text: "This request is not a form. Please send the form from its page again.",
      changed: [],
    });
    const plain = await answer(login, { url: "/auth/login", contentType: "text/plain", body: "email=a@b.c" });
    expect(plain.status).toBe(400);

    const form = new FormData();
    form.append("email", "engineer@siteproof.test");
    form.append("password", "secret");
    const whole = new Request("http://localhost/", { method: "POST", body: form });
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const cut = await answer(login, {
      url: "/auth/login",
      contentType: whole.headers.get("Content-Type"),
      body: bytes.slice(0, bytes.length / 2),
    });
    expect(cut).toMatchObject({
      status: 400,
      text: "The form arrived incomplete or damaged. Please send it again.",
      changed: [],
    });
  });

  it("a NUL in a text field, an impossible date and a garbage conform intent are 400s that save nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, ["quality.lot.view", "quality.lot.create"]);
    const create = (entries: Record<string, string>) =>
      answer(lotCreate, {
        url: "/quality/lot/create",
        contentType: FORM,
        body: new URLSearchParams(entries),
        headers: { Cookie: cookie },
      });

    const nul = await create({ title: "Deck\u0000pour" });
    expect(nul).toMatchObject({
      status: 400,
      text: "The form contains a character that cannot be saved (NUL). Remove it and send the form again.",
      changed: [],
    });

    const impossible = await create({
      title: "Deck pour",
      lotOpenedOn: "0000-00-00",
      completedOn: "2026-02-30",
    });
    expect(impossible).toMatchObject({ status: 400, changed: [] });

    const intent = await create({ title: "Deck pour", __intent__: "garbage" });
    expect(intent).toMatchObject({
      status: 400,
      text: "The form's buttons sent something that could not be read. Reload the page and try again.",
      changed: [],
    });
    expect(await db.em.count(Lot, {}, { filters: false })).toBe(0);
  });

  it("an impossible date is the field's own error, in the user's language", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, ["quality.lot.view", "quality.lot.create"]);
    const result = await callAction(lotCreate, "/quality/lot/create", {
      cookie,
      form: { title: "Deck pour", lotOpenedOn: "0000-00-00", completedOn: "2026-02-30" },
    });
    expect(result.status).toBe(400);
    expect(await english(result.data.error.lotOpenedOn)).toEqual(["Invalid date"]);
    expect(await english(result.data.error.completedOn)).toEqual(["Invalid date"]);
  });

  it("an action that reads no field refuses a body that is not a form too (sign out, lot report)", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, ["quality.lot.view", "quality.lot.download"], {
      locale: "vi",
    });
    const lot = await makeLot(db.em, project);
    const report = await answer(
      lotReport,
      {
        url: `/quality/lot/${lot.id}/report`,
        contentType: "application/json",
        body: "{}",
        headers: { Cookie: cookie },
      },
      { id: lot.id },
    );
    expect(report).toMatchObject({
      status: 400,
      text: "Yêu cầu này không phải là biểu mẫu. Vui lòng gửi lại biểu mẫu từ trang của nó.",
      changed: [],
    });
    expect(await db.em.count(JobRun, {})).toBe(0);

    const signOut = await answer(logout, {
      url: "/auth/logout",
      contentType: "text/plain",
      body: "",
      headers: { Cookie: cookie },
    });
    expect(signOut).toMatchObject({ status: 400, changed: [] });
    expect(await db.em.count(Session, {})).toBe(1);
  });
});

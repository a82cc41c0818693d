import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { registry } from "~/server/registry";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { articleInLanguage } from "../domain/help-language";
import { sectionForPath } from "../domain/help-sections";
import { HelpArticle, HelpScreenshot } from "../entities";
import * as addNew from "../routes/help-add-new";
import * as articlePage from "../routes/help-article";
import * as editPage from "../routes/help-edit";
import * as indexPage from "../routes/help-index";
import * as screenshotFile from "../routes/help-screenshot-file";
import * as sectionPage from "../routes/help-section";
import { ALL_HELP_KEYS, articlePost, helpUser, makeArticle, png } from "./fixtures";

const db = setupTestDatabase();
const HELP = "/help-panel/helpPanel";
const storage = setupTestFileStorage("sp-help-");

/** Every file under the storage folder (what a refused post must not leave behind). */
const storedFiles = (): string[] =>
  readdirSync(storage.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

const validArticle = {
  section: "plant-and-machinery",
  position: "1",
  titleEn: "Adding a plant item",
  bodyEn: "Open the plant register and choose Register plant.\n\nFill in the make and model.",
};

describe("the section of the page a reader came from", () => {
  const modules = () => registry().modules;

  it("is the section of the module the page is under, or none", () => {
    expect(sectionForPath(modules(), "/plants-and-machinery/abc/edit?tab=documents")).toBe(
      "plant-and-machinery",
    );
    expect(sectionForPath(modules(), "/quality/lots")).toBe("qualities");
    expect(sectionForPath(modules(), "/safety")).toBe("safe");
    expect(sectionForPath(modules(), "/operation/site-diary")).toBe("operate");
    expect(sectionForPath(modules(), "/cost-and-commercial/head-contract")).toBe("cnc");
    expect(sectionForPath(modules(), "/project-settings/members")).toBe("settings");
    expect(sectionForPath(modules(), "/globalSettings/roles")).toBe("settings");
    // A rostering module, once it exists, is found by its id.
    expect(sectionForPath([{ id: "rostering", basePath: "/rostering" }], "/rostering/week")).toBe(
      "help-panel-roster",
    );
    expect(sectionForPath(modules(), "/dockets")).toBeNull();
    expect(sectionForPath(modules(), "/")).toBeNull();
    expect(sectionForPath(modules(), "/plants-and-machineryx")).toBeNull();
    expect(sectionForPath(modules(), "//evil.example/plants-and-machinery")).toBeNull();
    expect(sectionForPath(modules(), "https://evil.example/quality")).toBeNull();
    expect(sectionForPath(modules(), "")).toBeNull();
  });

  it("is where the index sends the shell's Help link; a page no section explains stays on the index", async () => {
    const { cookie } = await helpUser(db.em, []);
    const from = (path: string) =>
      callLoader(indexPage, `${HELP}?from=${encodeURIComponent(path)}`, { cookie });
    expect(await from("/quality/lots?status=open")).toMatchObject({
      status: 302,
      location: `${HELP}/qualities`,
    });
    expect(await from("/plants-and-machinery/home")).toMatchObject({
      location: `${HELP}/plant-and-machinery`,
    });
    expect(await from("/dockets")).toMatchObject({ status: 302, location: HELP });
    expect(await from("https://evil.example/safety")).toMatchObject({ status: 302, location: HELP });
  });
});

describe("reading the help", () => {
  it("is open to every signed-in user, and to nobody else", async () => {
    const article = await makeArticle(db.em, "safe", { titleEn: "Reporting an incident" });
    const { cookie } = await helpUser(db.em, []);
    const index = await callLoader(indexPage, HELP, { cookie });
    expect(index.status).toBe(200);
    expect(index.data).toMatchObject({ counts: { safe: 1 }, canCreate: false });
    const page = await callLoader(articlePage, `${HELP}/safe/${article.id}`, {
      cookie,
      params: { section: "safe", articleId: article.id },
    });
    expect(page.data).toMatchObject({
      article: { title: "Reporting an incident" },
      canEdit: false,
      canDelete: false,
    });
    expect(await callLoader(sectionPage, `${HELP}/safe`, { params: { section: "safe" } })).toMatchObject({
      status: 302,
      location: `/auth/login?redirectTo=${encodeURIComponent(`${HELP}/safe`)}`,
    });
  });

  it("answers 404 for an unknown section, and for an article asked in another section", async () => {
    const article = await makeArticle(db.em, "safe");
    const { cookie } = await helpUser(db.em, []);
    expect(
      (await callLoader(sectionPage, `${HELP}/dockets`, { cookie, params: { section: "dockets" } })).status,
    ).toBe(404);
    const inOther = await callLoader(articlePage, `${HELP}/qualities/${article.id}`, {
      cookie,
      params: { section: "qualities", articleId: article.id },
    });
    expect(inOther.status).toBe(404);
    const notAnId = await callLoader(articlePage, `${HELP}/safe/nope`, {
      cookie,
      params: { section: "safe", articleId: "nope" },
    });
    expect(notAnId.status).toBe(404);
  });

  it("shows each article in the reader's language, in English (and says so) when it has none", async () => {
    const translated = await makeArticle(db.em, "operate", {
      position: 1,
      titleEn: "Writing the site diary",
      bodyEn: "Record the weather and the crews.",
      titleVi: "Viết nhật ký công trường",
      bodyVi: "Ghi lại thời tiết và các tổ đội.",
    });
    await makeArticle(db.em, "operate", {
      position: 2,
      titleEn: "Signing in and out",
      bodyEn: "Everyone on site signs in.",
    });
    const section = (cookie: string) =>
      callLoader(sectionPage, `${HELP}/operate`, { cookie, params: { section: "operate" } });
    const vi = await helpUser(db.em, [], { locale: "vi" });
    expect((await section(vi.cookie)).data.list.articles).toMatchObject([
      { title: "Viết nhật ký công trường", excerpt: "Ghi lại thời tiết và các tổ đội.", isFallback: false },
      { title: "Signing in and out", isFallback: true },
    ]);
    const en = await helpUser(db.em, [], { locale: "en" });
    expect((await section(en.cookie)).data.list.articles).toMatchObject([
      { title: "Writing the site diary", isFallback: false },
      { title: "Signing in and out", isFallback: false },
    ]);
    // Australian English without its own text reads the English one, with no note.
    const au = await helpUser(db.em, [], { locale: "au" });
    const page = await callLoader(articlePage, `${HELP}/operate/${translated.id}`, {
      cookie: au.cookie,
      params: { section: "operate", articleId: translated.id },
    });
    expect(page.data.article).toMatchObject({ title: "Writing the site diary", isFallback: false });
    expect(articleInLanguage({ titleEn: "A", bodyEn: "B", titleVi: "C", bodyVi: null }, "vi")).toMatchObject({
      title: "A",
      language: "en",
      isFallback: true,
    });
    expect((await serverT("en", "help"))("article.shownInEnglish")).toBe(
      "Shown in English: this article has no Vietnamese version yet.",
    );
  });

  it("searches the shown title and text of a section, ten a page, or of every section from the index", async () => {
    for (let i = 1; i <= 12; i++)
      await makeArticle(db.em, "qualities", {
        position: i,
        titleEn: `Hold point ${String(i).padStart(2, "0")}`,
        bodyEn: "Release it when the work is inspected.",
      });
    await makeArticle(db.em, "qualities", {
      position: 20,
      titleEn: "Raising an NCR",
      bodyEn: "An NCR records work that does not conform (100% of the time).",
      titleVi: "Tạo NCR",
      bodyVi: "NCR ghi lại công việc không phù hợp.",
    });
    await makeArticle(db.em, "safe", { titleEn: "Permits", bodyEn: "A permit to work before hot work." });
    const en = await helpUser(db.em, []);
    const search = (cookie: string, query: string) =>
      callLoader(sectionPage, `${HELP}/qualities?${query}`, { cookie, params: { section: "qualities" } });
    const first = (await search(en.cookie, "q=hold+POINT")).data.list;
    expect(first).toMatchObject({ total: 12, page: 1 });
    expect(first.articles).toHaveLength(10);
    expect(first.articles[0].title).toBe("Hold point 01");
    const second = (await search(en.cookie, "q=hold+point&page=2")).data.list;
    expect(second.articles.map((a: { title: string }) => a.title)).toEqual([
      "Hold point 11",
      "Hold point 12",
    ]);
    expect((await search(en.cookie, "q=conform")).data.list.articles).toMatchObject([
      { title: "Raising an NCR" },
    ]);
    // Typed as written: % is a character, not a wildcard.
    expect((await search(en.cookie, "q=100%25")).data.list.total).toBe(1);
    expect((await search(en.cookie, "q=%25%25%25")).data.list.total).toBe(0);
    const none = await search(en.cookie, "q=scaffold");
    expect(none.data).toMatchObject({ q: "scaffold", list: { total: 0, articles: [] } });
    // A Vietnamese reader searches the Vietnamese text of an article that has one.
    const vi = await helpUser(db.em, [], { locale: "vi" });
    expect((await search(vi.cookie, "q=kh%C3%B4ng+ph%C3%B9+h%E1%BB%A3p")).data.list.articles).toMatchObject([
      { title: "Tạo NCR" },
    ]);
    expect((await search(vi.cookie, "q=conform")).data.list.total).toBe(0);
    // The index searches every section.
    const all = await callLoader(indexPage, `${HELP}?q=permit`, { cookie: en.cookie });
    expect(all.data.results.articles).toMatchObject([{ section: "safe", title: "Permits" }]);
  });
});

describe("writing the help", () => {
  it("is refused to users without the global permissions, in the loaders and the actions", async () => {
    const article = await makeArticle(db.em, "settings");
    const reader = await helpUser(db.em, []);
    const creatorOnly = await helpUser(db.em, ["help.article.create"]);
    const params = { section: "settings", articleId: article.id };
    const edit = `${HELP}/settings/${article.id}/edit`;
    expect(await callLoader(addNew, `${HELP}/add-new`, { cookie: reader.cookie })).toMatchObject({
      status: 302,
      location: "/forbidden",
    });
    expect(
      await callAction(addNew, `${HELP}/add-new`, {
        cookie: reader.cookie,
        multipart: articlePost(validArticle),
      }),
    ).toMatchObject({ status: 302, location: "/forbidden" });
    for (const user of [reader, creatorOnly]) {
      expect((await callLoader(editPage, edit, { cookie: user.cookie, params })).location).toBe("/forbidden");
      expect(
        (
          await callAction(editPage, edit, {
            cookie: user.cookie,
            params,
            multipart: articlePost(validArticle),
          })
        ).location,
      ).toBe("/forbidden");
      const deleted = await callAction(articlePage, `${HELP}/settings/${article.id}`, {
        cookie: user.cookie,
        params,
        form: { intent: "delete", confirmed: "on" },
      });
      expect(deleted.status).toBe(403);
    }
    const stored = await db.em.fork().findOneOrFail(HelpArticle, { id: article.id });
    expect(stored.titleEn).toBe("An article");
    expect(await db.em.fork().count(HelpArticle, {})).toBe(1);
    expect(storedFiles()).toEqual([]);
  });

  it("explains what is wrong with the form and keeps nothing", async () => {
    const admin = await helpUser(db.em, ALL_HELP_KEYS);
    const refused = await callAction(addNew, `${HELP}/add-new`, {
      cookie: admin.cookie,
      multipart: articlePost(
        { section: "nope", position: "-3", titleEn: " ", bodyEn: "", titleVi: "Tiêu đề", bodyAu: "G'day" },
        [png()],
      ),
    });
    expect(refused.status).toBe(400);
    const help = await serverT("en", "help");
    const common = await serverT("en", "common");
    const text = (key: string) => {
      const [ns, rest] = key.split(":");
      const [name, query] = rest.split("?");
      const params = Object.fromEntries(new URLSearchParams(query ?? ""));
      return ns === "help" ? help(name, params) : common(name, params);
    };
    const errors = Object.fromEntries(
      Object.entries(refused.data.error as Record<string, string[]>).map(([field, keys]) => [
        field,
        keys.map(text),
      ]),
    );
    expect(errors).toEqual({
      section: ["Choose the section the article belongs to."],
      position: ["The order is a whole number from 0 to 9999."],
      titleEn: [common("validation.required")],
      bodyEn: [common("validation.required")],
      bodyVi: ["Give both the title and the text in this language, or leave both empty."],
      titleAu: ["Give both the title and the text in this language, or leave both empty."],
    });
    expect(await db.em.fork().count(HelpArticle, {})).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a screenshot that is not an image or is over 10 MB, and keeps nothing", async () => {
    const admin = await helpUser(db.em, ALL_HELP_KEYS);
    const post = (files: File[]) =>
      callAction(addNew, `${HELP}/add-new`, {
        cookie: admin.cookie,
        multipart: articlePost(validArticle, files),
      });
    const help = await serverT("en", "help");
    const message = (result: { data: { error: { screenshots: string[] } } }) => {
      const [key, query] = result.data.error.screenshots[0].split("?");
      return help(key.replace("help:", ""), Object.fromEntries(new URLSearchParams(query)));
    };
    const wrongType = await post([png("ok.png"), new File(["%PDF-1.4"], "manual.pdf")]);
    expect(wrongType.status).toBe(400);
    expect(message(wrongType)).toBe(
      "manual.pdf is not a picture the help can show. Screenshots must be PNG, JPG, GIF or WebP images.",
    );
    const tooLarge = await post([png("huge.png", 10 * 1024 * 1024 + 1)]);
    expect(tooLarge.status).toBe(400);
    expect(message(tooLarge)).toBe("huge.png is larger than 10 MB. Each screenshot can be at most 10 MB.");
    expect(await db.em.fork().count(HelpArticle, {})).toBe(0);
    expect(await db.em.fork().count(HelpScreenshot, {})).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("adds, edits and deletes an article with its screenshots, each step in the activity log", async () => {
    const admin = await helpUser(db.em, ALL_HELP_KEYS);
    expect((await callLoader(addNew, `${HELP}/add-new?section=safe`, { cookie: admin.cookie })).data).toEqual(
      {
        section: "safe",
      },
    );
    const created = await callAction(addNew, `${HELP}/add-new`, {
      cookie: admin.cookie,
      multipart: articlePost({ ...validArticle, titleVi: "Thêm máy", bodyVi: "Mở sổ máy móc." }, [
        png("register.png"),
        png("form.jpg"),
      ]),
    });
    expect(created.status).toBe(302);
    const article = await db.em.fork().findOneOrFail(HelpArticle, { titleEn: "Adding a plant item" });
    expect(created.location).toBe(`${HELP}/plant-and-machinery/${article.id}`);
    expect(article).toMatchObject({ position: 1, titleVi: "Thêm máy", titleAu: null });
    expect(storedFiles()).toHaveLength(2);
    const params = { section: "plant-and-machinery", articleId: article.id };
    const path = `${HELP}/plant-and-machinery/${article.id}`;

    const page = await callLoader(articlePage, path, { cookie: admin.cookie, params });
    expect(page.data).toMatchObject({ canEdit: true, canDelete: true });
    const shots = page.data.article.screenshots as { id: string; fileName: string }[];
    expect(shots.map((shot) => shot.fileName).sort()).toEqual(["form.jpg", "register.png"]);
    const register = shots.find((shot) => shot.fileName === "register.png")!;
    const reader = await helpUser(db.em, []);
    const file = await callLoader(screenshotFile, `${path}/screenshots/${register.id}`, {
      cookie: reader.cookie,
      params: { ...params, screenshotId: register.id },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Disposition")).toMatch(/^inline/);
    expect(
      (
        await callLoader(screenshotFile, `${path}/screenshots/${register.id}`, {
          params: { ...params, screenshotId: register.id },
        })
      ).location,
    ).toMatch(/^\/auth\/login/);

    const edited = await callAction(editPage, `${path}/edit`, {
      cookie: admin.cookie,
      params,
      multipart: articlePost(
        { ...validArticle, section: "safe", titleEn: "Plant on site", removeScreenshot: register.id },
        [png("after.png")],
      ),
    });
    expect(edited).toMatchObject({ status: 302, location: `${HELP}/safe/${article.id}` });
    const after = await db.em.fork().findOneOrFail(HelpArticle, { id: article.id });
    expect(after).toMatchObject({ section: "safe", titleEn: "Plant on site", titleVi: null });
    const remaining = await db.em.fork().find(HelpScreenshot, { article: article.id });
    expect(remaining.map((shot) => shot.fileName).sort()).toEqual(["after.png", "form.jpg"]);
    expect(storedFiles()).toHaveLength(2);

    const safeParams = { section: "safe", articleId: article.id };
    const safePath = `${HELP}/safe/${article.id}`;
    const unconfirmed = await callAction(articlePage, safePath, {
      cookie: admin.cookie,
      params: safeParams,
      form: { intent: "delete" },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await db.em.fork().count(HelpArticle, {})).toBe(1);
    const deleted = await callAction(articlePage, safePath, {
      cookie: admin.cookie,
      params: safeParams,
      form: { intent: "delete", confirmed: "on" },
    });
    expect(deleted).toMatchObject({ status: 302, location: `${HELP}/safe` });
    expect(await db.em.fork().count(HelpArticle, {})).toBe(0);
    expect(await db.em.fork().count(HelpScreenshot, {})).toBe(0);
    expect(storedFiles()).toEqual([]);
    const entries = await db.em
      .fork()
      .find(
        ActivityLog,
        { entityType: "help-article", entityId: article.id },
        { orderBy: { createdAt: "asc" } },
      );
    expect(entries.map((entry) => entry.action)).toEqual(["created", "updated", "deleted"]);
    expect(entries[1].after).toMatchObject({
      section: "safe",
      titleEn: "Plant on site",
      screenshots: ["after.png"],
    });
    expect(entries[1].before).toMatchObject({ titleVi: "Thêm máy", screenshots: ["register.png"] });
  });
});

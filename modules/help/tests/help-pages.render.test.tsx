/**
 * The help pages as a browser without JavaScript receives them: the article with its fallback note and
 * screenshots, the delete form, and the article form with the server's messages after a refused post.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as addNew from "../routes/help-add-new";
import * as articlePage from "../routes/help-article";
import * as indexPage from "../routes/help-index";
import * as sectionPage from "../routes/help-section";

const ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const SHOT = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

describe("the help pages without JavaScript", () => {
  it("show an article in English to a Vietnamese reader, with the note, its paragraphs and screenshots", async () => {
    const html = await renderRouteHtml({
      route: articlePage,
      path: "/help-panel/helpPanel/:section/:articleId",
      url: `/help-panel/helpPanel/safe/${ID}`,
      locale: "vi",
      loaderData: {
        article: {
          id: ID,
          section: "safe",
          title: "Reporting an incident",
          body: "First paragraph.\n\nSecond <b>paragraph</b>.",
          language: "en",
          isFallback: true,
          updatedAt: "2026-11-20T10:00:00.000Z",
          updatedBy: "Alex Admin",
          screenshots: [{ id: SHOT, fileName: "incident.png" }],
        },
        canEdit: true,
        canDelete: true,
      },
    });
    expect(html).toContain("Hiển thị bằng tiếng Anh: bài viết này chưa có bản tiếng Việt.");
    expect(html).toContain('<p class="whitespace-pre-line">First paragraph.</p>');
    // The author's text is text, never markup.
    expect(html).toContain("Second &lt;b&gt;paragraph&lt;/b&gt;.");
    expect(html).toContain(`src="/help-panel/helpPanel/safe/${ID}/screenshots/${SHOT}"`);
    expect(html).toContain(`href="/help-panel/helpPanel/safe/${ID}/edit"`);
    expect(html).toContain('name="intent" value="delete"');
    expect(html).toContain('name="confirmed"');
    expect(html).toContain("Quay lại An toàn");
  });

  it("hide the writing buttons from a reader", async () => {
    const html = await renderRouteHtml({
      route: articlePage,
      path: "/help-panel/helpPanel/:section/:articleId",
      url: `/help-panel/helpPanel/safe/${ID}`,
      loaderData: {
        article: {
          id: ID,
          section: "safe",
          title: "Reporting an incident",
          body: "Text.",
          language: "en",
          isFallback: false,
          updatedAt: "2026-11-20T10:00:00.000Z",
          updatedBy: null,
          screenshots: [],
        },
        canEdit: false,
        canDelete: false,
      },
    });
    expect(html).not.toContain("Shown in English");
    expect(html).not.toContain("/edit");
    expect(html).not.toContain('name="intent"');
  });

  it("list the seven sections with a search form, and a section's empty state", async () => {
    const index = await renderRouteHtml({
      route: indexPage,
      path: "/help-panel/helpPanel",
      url: "/help-panel/helpPanel",
      loaderData: { counts: { safe: 2 }, results: null, q: "", canCreate: false },
    });
    for (const section of [
      "cnc",
      "qualities",
      "operate",
      "plant-and-machinery",
      "help-panel-roster",
      "safe",
      "settings",
    ])
      expect(index).toContain(`href="/help-panel/helpPanel/${section}"`);
    expect(index).toContain("2 articles");
    expect(index).toContain('role="search"');
    expect(index).not.toContain("add-new");
    const empty = await renderRouteHtml({
      route: sectionPage,
      path: "/help-panel/helpPanel/:section",
      url: "/help-panel/helpPanel/help-panel-roster?q=crane",
      loaderData: {
        section: "help-panel-roster",
        q: "crane",
        list: { total: 0, page: 1, pageSize: 10, articles: [] },
        canCreate: true,
      },
    });
    expect(empty).toContain("No help articles match “crane”.");
    expect(empty).toContain('href="/help-panel/helpPanel/add-new?section=help-panel-roster"');
  });

  it("give the article form back with the server's messages after a refused post", async () => {
    const html = await renderRouteHtml({
      route: addNew,
      path: "/help-panel/helpPanel/add-new",
      url: "/help-panel/helpPanel/add-new",
      loaderData: { section: null },
      actionData: {
        status: "error",
        initialValue: { section: "safe", titleEn: "Permits", titleVi: "Giấy phép" },
        error: {
          bodyEn: ["common:validation.required"],
          bodyVi: ["help:errors.bothOrNeither"],
          screenshots: ["help:errors.screenshotType?fileName=manual.pdf"],
        },
      },
    });
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('value="Permits"');
    expect(html).toContain("Give both the title and the text in this language, or leave both empty.");
    expect(html).toContain(
      "manual.pdf is not a picture the help can show. Screenshots must be PNG, JPG, GIF or WebP images.",
    );
    expect(html).toMatch(/<option value="safe" selected="">Safety<\/option>/);
  });
});

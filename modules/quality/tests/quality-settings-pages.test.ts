import { describe, expect, it, vi } from "vitest";
import { type IProject, ProjectSetting } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { toastText } from "~/server/settings/test-support";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { Defect, Itp, ItpReviewLink, Lot, Ncr } from "../entities";
import * as defectCreate from "../routes/defect-create";
import * as itpCreate from "../routes/itp-create";
import * as itpDetail from "../routes/itp-detail";
import * as itpNotificationSettings from "../routes/itp-notification-settings";
import * as lotCreate from "../routes/lot-create";
import * as lotNotificationSettings from "../routes/lot-notification-settings";
import * as ncrCreate from "../routes/ncr-create";
import * as ncrPdf from "../routes/ncr-export-pdf";
import * as ncrXlsx from "../routes/ncr-export-xlsx";
import * as qualitySettings from "../routes/quality-settings";
import { ITP_ALL, makeItp } from "./itp-fixtures";

// The save can fail for a reason no form knows (the database gone): the page says so and changes nothing.
const failing = vi.hoisted(() => ({ save: false }));
vi.mock("~/server/settings/settings.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/server/settings/settings.server")>();
  return {
    ...original,
    saveSettings: (...args: Parameters<typeof original.saveSettings>) => {
      if (failing.save) throw new Error("connection lost");
      return original.saveSettings(...args);
    },
  };
});

const db = setupTestDatabase();
const LOT_PAGE = "/quality/lot/notification";
const ITP_PAGE = "/quality/itp/notification";
const SETTINGS_PAGE = "/quality/settings";

type Page = typeof lotNotificationSettings | typeof itpNotificationSettings | typeof qualitySettings;

async function formAsShown(page: Page, path: string, cookie: string, form: string) {
  const loaded = await callLoader(page, path, { cookie });
  const card = loaded.data.cards.find((candidate: { form: string }) => candidate.form === form);
  return Object.fromEntries(Object.entries(card.values).map(([name, value]) => [name, String(value)]));
}

async function save(page: Page, path: string, cookie: string, form: string, values: Record<string, string>) {
  const shown = await formAsShown(page, path, cookie, form);
  return callAction(page, path, {
    cookie,
    form: { moduleId: "quality", form, intent: "save", ...shown, ...values },
  });
}

const stored = async (project: IProject, form: string) =>
  (
    await db.em.findOne(
      ProjectSetting,
      { project: project.id, moduleId: "quality", form },
      { filters: false },
    )
  )?.values ?? null;

describe("lot and ITP notification settings pages", () => {
  it("shows each event with its channel and who is told; a viewer reads it, an editor saves it", async () => {
    const project = await createProject(db.em);
    const viewer = await signedInMember(db.em, project, ["quality.lot.view-notification-settings"]);
    const editor = await signedInMember(db.em, project, [
      "quality.lot.view-notification-settings",
      "quality.lot.edit-notification-settings",
    ]);

    const page = await callLoader(lotNotificationSettings, LOT_PAGE, { cookie: viewer.cookie });
    expect(page.status).toBe(200);
    const [card] = page.data.cards;
    expect(card).toMatchObject({
      form: "lotNotifications",
      canSave: false,
      canReset: false,
      customised: false,
    });
    const submitted = card.fields.find((field: { name: string }) => field.name === "lotSubmitted");
    expect(submitted).toMatchObject({
      kind: "select",
      label: "Lot submitted to the Project Engineer",
      options: ["off", "in-app", "in-app-and-email"],
      optionLabels: {
        off: "Off",
        "in-app": "In the app only",
        "in-app-and-email": "In the app and by e-mail",
      },
    });
    expect(card.values.lotSubmitted).toBe("in-app-and-email");
    expect(page.data.who).toContainEqual({
      event: "lot-submitted",
      audiences: ["quality_lot_internal-review"],
    });
    expect(page.data.who).toContainEqual({ event: "defect-assigned", audiences: ["assignee"] });

    // Viewing is not changing: the save is refused and nothing is stored.
    const refused = await save(lotNotificationSettings, LOT_PAGE, viewer.cookie, "lotNotifications", {
      lotSubmitted: "off",
    }).catch((error: Response) => error);
    expect((refused as Response).status).toBe(403);
    expect(await stored(project, "lotNotifications")).toBeNull();

    const saved = await save(lotNotificationSettings, LOT_PAGE, editor.cookie, "lotNotifications", {
      lotSubmitted: "off",
      defectDisputed: "in-app",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(LOT_PAGE);
    expect(await toastText(saved)).toBe("Notification settings updated");
    expect(await stored(project, "lotNotifications")).toMatchObject({
      lotSubmitted: "off",
      defectDisputed: "in-app",
      lotClosed: "in-app-and-email",
    });
    const again = await callLoader(lotNotificationSettings, LOT_PAGE, { cookie: editor.cookie });
    expect(again.data.cards[0]).toMatchObject({ canSave: true, customised: true });
  });

  it("refuses a channel that does not exist with the product's message, storing nothing", async () => {
    const project = await createProject(db.em);
    const editor = await signedInMember(db.em, project, [
      "quality.itp.view-notification-settings",
      "quality.itp.edit-notification-settings",
    ]);
    const result = await save(itpNotificationSettings, ITP_PAGE, editor.cookie, "itpNotifications", {
      itpSubmitted: "by-pigeon",
    });
    expect(result.status).toBe(400);
    expect(result.data.formKey).toBe("quality.itpNotifications");
    expect(result.data.result.error.itpSubmitted).toEqual(["Select one of the options"]);
    expect(await stored(project, "itpNotifications")).toBeNull();
  });

  it("answers a failed save with 'Something went wrong, please try again', storing nothing", async () => {
    const project = await createProject(db.em);
    const editor = await signedInMember(db.em, project, [
      "quality.lot.view-notification-settings",
      "quality.lot.edit-notification-settings",
    ]);
    vi.mocked(console.error).mockImplementationOnce(() => {});
    failing.save = true;
    try {
      const result = await save(lotNotificationSettings, LOT_PAGE, editor.cookie, "lotNotifications", {
        lotClosed: "off",
      });
      expect(result.status).toBe(302);
      expect(await toastText(result)).toBe("Something went wrong, please try again");
    } finally {
      failing.save = false;
    }
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("connection lost"));
    expect(await stored(project, "lotNotifications")).toBeNull();
  });

  it("is closed without the view permission; the ITP page needs the ITP's", async () => {
    const project = await createProject(db.em);
    const lotOnly = await signedInMember(db.em, project, ["quality.lot.view-notification-settings"]);
    expect((await callLoader(itpNotificationSettings, ITP_PAGE, { cookie: lotOnly.cookie })).location).toBe(
      "/forbidden",
    );
    const none = await signedInMember(db.em, project, ["quality.lot.view"]);
    expect((await callLoader(lotNotificationSettings, LOT_PAGE, { cookie: none.cookie })).location).toBe(
      "/forbidden",
    );
  });
});

describe("quality settings page", () => {
  const SETTINGS_ALL = [
    "quality.settings.view-settings",
    "quality.settings.create-settings",
    "quality.settings.delete-settings",
  ];

  it("shows the numbering and the client's hold point mail (a textarea); a viewer cannot save", async () => {
    const project = await createProject(db.em);
    const viewer = await signedInMember(db.em, project, ["quality.settings.view-settings"]);
    const page = await callLoader(qualitySettings, SETTINGS_PAGE, { cookie: viewer.cookie });
    expect(page.data.cards.map((card: { title: string }) => card.title)).toEqual([
      "Quality · Numbering",
      "Quality · Hold and witness points",
      "Quality · Form file names",
    ]);
    const [numbering, holdPoints] = page.data.cards;
    expect(numbering.values).toEqual({
      lotPrefix: "LOT",
      itpPrefix: "ITP",
      ncrPrefix: "NCR",
      defectPrefix: "DEF",
    });
    expect(
      holdPoints.fields.find((field: { name: string }) => field.name === "clientEmailTemplate"),
    ).toMatchObject({ kind: "textarea", maxLength: 5000 });
    expect(holdPoints.values.linkLifetimeDays).toBe(14);
    expect(numbering.canSave).toBe(false);
    const refused = await save(qualitySettings, SETTINGS_PAGE, viewer.cookie, "numbering", {
      lotPrefix: "BRG",
    }).catch((error: Response) => error);
    expect((refused as Response).status).toBe(403);

    const none = await signedInMember(db.em, project, ["quality.lot.view"]);
    expect((await callLoader(qualitySettings, SETTINGS_PAGE, { cookie: none.cookie })).location).toBe(
      "/forbidden",
    );
  });

  it("validates with the product's messages: a prefix, the template's length, the link's days", async () => {
    const project = await createProject(db.em);
    const editor = await signedInMember(db.em, project, SETTINGS_ALL);
    const badPrefix = await save(qualitySettings, SETTINGS_PAGE, editor.cookie, "numbering", {
      lotPrefix: "lot-2",
      ncrPrefix: "ABCDEFGHIJK",
    });
    expect(badPrefix.status).toBe(400);
    expect(badPrefix.data.result.error).toMatchObject({
      lotPrefix: ["Use capital letters and digits, starting with a letter"],
      ncrPrefix: ["Maximum 10 characters"],
    });
    const badMail = await save(qualitySettings, SETTINGS_PAGE, editor.cookie, "holdPoints", {
      clientEmailTemplate: "x".repeat(5001),
      linkLifetimeDays: "0",
    });
    expect(badMail.status).toBe(400);
    expect(badMail.data.result.error).toMatchObject({
      clientEmailTemplate: ["Maximum 5000 characters"],
      linkLifetimeDays: ["Minimum 1"],
    });
    expect(await stored(project, "numbering")).toBeNull();
    expect(await stored(project, "holdPoints")).toBeNull();

    const saved = await save(qualitySettings, SETTINGS_PAGE, editor.cookie, "holdPoints", {
      clientEmailTemplate: "Dear {clientName},\n\nLot {lotNumber} is ready.",
      linkLifetimeDays: "7",
    });
    expect(saved.status).toBe(302);
    expect(await toastText(saved)).toBe("Settings updated");
    expect(await stored(project, "holdPoints")).toEqual({
      clientEmailTemplate: "Dear {clientName},\n\nLot {lotNumber} is ready.",
      linkLifetimeDays: 7,
    });
  });

  it("names the forms as the project's templates say; a placeholder the form does not offer is refused", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [
      ...SETTINGS_ALL,
      "quality.ncr.view",
      "quality.ncr.create",
      "quality.ncr.download",
    ]);
    const wrong = await save(qualitySettings, SETTINGS_PAGE, cookie, "formTemplates", {
      ncrReport: "{number} {lot}",
      ncrRegister: "NCRs {title}",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error).toMatchObject({
      ncrReport: ["Use only {number}, {title}, {project} in this name"],
      ncrRegister: ["Use only {project}, {date} in this name"],
    });
    expect(await stored(project, "formTemplates")).toBeNull();

    const saved = await save(qualitySettings, SETTINGS_PAGE, cookie, "formTemplates", {
      ncrReport: "{project} {number} - {title}",
      ncrRegister: "{project} NCR register {date}",
    });
    expect(saved.status).toBe(302);
    await callAction(ncrCreate, "/quality/ncr/create", {
      cookie,
      form: {
        type: "system",
        title: "Cover/meter: out of tolerance",
        description: "Cover under 40 mm",
        raisedOn: "2026-11-20",
      },
    });
    const ncr = await db.em.findOneOrFail(Ncr, { project: project.id }, { filters: false });
    const download = (module: typeof ncrPdf | typeof ncrXlsx, path: string, id?: string) =>
      module.loader({
        request: new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
        params: id ? { id } : {},
        context: {},
      } as never) as Promise<Response>;
    const pdf = await download(ncrPdf, `/quality/ncr/${ncr.id}/pdf`, ncr.id);
    // The title's slash and colon cannot be in a file name: they become spaces.
    expect(pdf.headers.get("Content-Disposition")).toContain(
      `filename="${project.number} NCR-0001 - Cover meter out of tolerance.pdf"`,
    );
    const workbook = await download(ncrXlsx, "/quality/ncr/export");
    const day = new Date().toISOString().slice(0, 10);
    expect(workbook.headers.get("Content-Disposition")).toContain(
      `${project.number} NCR register ${day}.xlsx`,
    );
  });

  it("gives new lots, ITPs, NCRs and defects the project's prefixes; the count carries on", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [
      ...SETTINGS_ALL,
      "quality.lot.view",
      "quality.lot.create",
      "quality.itp.view",
      "quality.itp.create",
      "quality.ncr.view",
      "quality.ncr.create",
      "quality.defects.view",
      "quality.defects.create",
    ]);
    await callAction(lotCreate, "/quality/lot/create", { cookie, form: { title: "Before" } });
    const saved = await save(qualitySettings, SETTINGS_PAGE, cookie, "numbering", {
      lotPrefix: "BRG",
      itpPrefix: "QP",
      ncrPrefix: "NC",
      defectPrefix: "PL",
    });
    expect(saved.status).toBe(302);

    await callAction(lotCreate, "/quality/lot/create", { cookie, form: { title: "After" } });
    await callAction(itpCreate, "/quality/itp/create", { cookie, form: { intent: "blank", title: "Deck" } });
    await callAction(ncrCreate, "/quality/ncr/create", {
      cookie,
      form: { type: "system", title: "Late tests", description: "Signed first.", raisedOn: "2026-11-20" },
    });
    await callAction(defectCreate, "/quality/defects/create", {
      cookie,
      form: { title: "Cracked kerb", priority: "normal", save: "draft" },
    });
    const numbers = async (entity: typeof Lot | typeof Itp | typeof Ncr | typeof Defect) =>
      (await db.em.find(entity as typeof Lot, { project: project.id }, { filters: false }))
        .map((row) => row.number)
        .sort();
    expect(await numbers(Lot)).toEqual(["BRG-0002", "LOT-0001"]);
    expect(await numbers(Itp)).toEqual(["QP-0001"]);
    expect(await numbers(Ncr)).toEqual(["NC-0001"]);
    expect(await numbers(Defect)).toEqual(["PL-0001"]);
  });

  it("dates the ITP review links sent to the client by the project's link lifetime, and the pages say it", async () => {
    const project = await createProject(db.em);
    const admin = await signedInMember(db.em, project, SETTINGS_ALL);
    const quinn = await signedInMember(db.em, project, ITP_ALL);
    await save(qualitySettings, SETTINGS_PAGE, admin.cookie, "holdPoints", { linkLifetimeDays: "5" });
    const itp = await makeItp(db.em, project, { status: "external_review" });
    const path = `/quality/itp/${itp.id}`;

    const detail = await callLoader(itpDetail, path, { cookie: quinn.cookie, params: { id: itp.id } });
    expect(detail.data.linkDays).toBe(5);
    const sent = await callAction(itpDetail, path, {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: { intent: "send-link", clientName: "Dana", clientEmail: "dana@client.test" },
    });
    expect(sent.status).toBe(302);
    const [link] = await db.em.find(ItpReviewLink, { itp: itp.id }, { filters: false });
    const days = (link.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThanOrEqual(5);
    const t = await serverT("en", "quality");
    expect(t("itp.review.clientIntro", { days: detail.data.linkDays })).toContain(
      "The link works for 5 days.",
    );
  });
});

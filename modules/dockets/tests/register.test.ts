import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import { ResourceRate } from "../entities";
import { provider as homeWidgets } from "../provides/home-widgets.server";
import * as docketExport from "../routes/docket-export";
import * as docketHome from "../routes/docket-home";
import * as docketRegister from "../routes/docket-register";
import * as resourceRates from "../routes/resource-rates";
import { docketSite, makeArea, makeDocket, makeRate } from "./fixtures";

const db = setupTestDatabase();

async function registerSite() {
  const project = await createProject(db.em);
  const site = await docketSite(db.em, project);
  const pier = await makeArea(db.em, project, "Pier 2");
  const pileCap = await makeArea(db.em, project, "Pile cap", pier.id);
  const deck = await makeArea(db.em, project, "Deck");
  const base = { company: site.earthworks.id, abn: "51 824 753 556" };
  await makeDocket(
    db.em,
    project,
    { number: "DKT-0001", ...base, type: "labour", area: pileCap.id },
    [100, 250],
  );
  await makeDocket(db.em, project, {
    number: "DKT-0002",
    company: site.hire.id,
    abn: "33 102 417 032",
    type: "plant",
    status: "in_review",
    forApprovalBy: site.approver.user.id,
    area: deck.id,
  });
  await makeDocket(db.em, project, { number: "DKT-0003", ...base, type: "materials", status: "approved" });
  return { project, ...site, pier, deck };
}

const numbers = (result: { data: { register: { rows: { number: string }[] } } }) =>
  result.data.register.rows.map((row) => row.number).sort();

describe("the docket register", () => {
  it("searches by number or ABN, filters by state, type, area (with what is below it) and company", async () => {
    const { project, viewer, hire, pier } = await registerSite();
    const list = (query = "") => callLoader(docketRegister, `/dockets${query}`, { cookie: viewer.cookie });
    expect(numbers(await list())).toEqual(["DKT-0001", "DKT-0002", "DKT-0003"]);
    expect((await list()).data.register.total).toBe(3);
    expect(numbers(await list("?q=0002"))).toEqual(["DKT-0002"]);
    expect(numbers(await list("?q=33%20102"))).toEqual(["DKT-0002"]);
    expect(numbers(await list("?q=nothing"))).toEqual([]);
    expect(numbers(await list("?status=approved"))).toEqual(["DKT-0003"]);
    expect((await list("?status=approved")).data.register.total).toBe(1);
    expect(numbers(await list("?type=plant"))).toEqual(["DKT-0002"]);
    expect(numbers(await list(`?area=${pier.id}`))).toEqual(["DKT-0001"]);
    expect(numbers(await list(`?company=${hire.id}`))).toEqual(["DKT-0002"]);
    expect(numbers(await list(`?company=${hire.id}&status=draft`))).toEqual([]);
    // A bad value of the URL is no filter, never an error.
    expect(numbers(await list("?status=bogus&type=x&company=1"))).toHaveLength(3);
    // An area typed without JavaScript turns into the chosen areas.
    const typed = await list("?areaText=pier");
    expect(typed.status).toBe(302);
    expect(typed.location?.startsWith(`/dockets?area=${pier.id}`)).toBe(true);
    expect(project.id).toBeTruthy();
  });

  it("lists the dockets for my approval on Assigned To Me", async () => {
    const { approver, viewer } = await registerSite();
    const mine = (cookie: string) => callLoader(docketRegister, "/dockets?tab=mine", { cookie });
    expect(numbers(await mine(approver.cookie))).toEqual(["DKT-0002"]);
    expect((await mine(approver.cookie)).data.register.total).toBe(1);
    expect(numbers(await mine(viewer.cookie))).toEqual([]);
  });

  it("pages and orders from the URL", async () => {
    const project = await createProject(db.em);
    const { viewer, earthworks } = await docketSite(db.em, project);
    for (let n = 1; n <= 27; n += 1)
      await makeDocket(
        db.em,
        project,
        { number: `DKT-${String(n).padStart(4, "0")}`, company: earthworks.id },
        [n],
      );
    const page = (query: string) => callLoader(docketRegister, `/dockets${query}`, { cookie: viewer.cookie });
    const first = await page("");
    expect(first.data.register.total).toBe(27);
    expect(first.data.register.rows[0].number).toBe("DKT-0027");
    const size = first.data.register.pageSize as number;
    const pages = Math.ceil(27 / size);
    const last = await page(`?page=${pages}`);
    expect(last.data.register.rows.map((row: { number: string }) => row.number).at(-1)).toBe("DKT-0001");
    expect(last.data.register.rows).toHaveLength(27 - (pages - 1) * size);
    const byTotal = await page("?sort=totalCents&dir=asc");
    expect(byTotal.data.register.rows[0].totalCents).toBe(1);
  });

  it("exports the register's tab, search and filters as a streamed workbook, for holders of download", async () => {
    const { project, viewer } = await registerSite();
    const exporter = await signedInMember(db.em, project, [
      DOCKET_PERMISSIONS.view,
      DOCKET_PERMISSIONS.download,
    ]);
    const download = async (search: string, cookie = exporter.cookie) =>
      (await docketExport.loader({
        request: new Request(`http://localhost:3000/dockets/export${search}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
        context: {},
      } as never)) as Response;
    const response = await download("?sort=number&dir=asc");
    expect(response.headers.get("Content-Disposition")).toContain("dockets-");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Docket Register")!;
    expect((sheet.getRow(1).values as string[]).slice(1, 4)).toEqual(["Docket number", "Date", "Status"]);
    expect(sheet.rowCount).toBe(4);
    expect((sheet.getRow(2).values as unknown[])[1]).toBe("DKT-0001");
    expect((sheet.getRow(2).values as unknown[])[10]).toBe(3.5);
    const filtered = new ExcelJS.Workbook();
    await filtered.xlsx.load(await (await download("?type=plant")).arrayBuffer());
    expect(filtered.getWorksheet("Docket Register")!.rowCount).toBe(2);
    const refused = await download("", viewer.cookie).catch((thrown) => thrown as Response);
    expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/forbidden"]);
  });

  it("counts per state and what waits for me on the home and the home card", async () => {
    const { project, approver } = await registerSite();
    const home = await callLoader(docketHome, "/dockets/home", { cookie: approver.cookie });
    const counts = Object.fromEntries(
      home.data.states.map((state: { status: string; count: number }) => [state.status, state.count]),
    );
    expect(counts).toMatchObject({ draft: 1, in_review: 1, approved: 1, posted: 0 });
    expect(home.data.waitingCount).toBe(1);
    expect(home.data.waiting.map((row: { number: string }) => row.number)).toEqual(["DKT-0002"]);
    const card = await homeWidgets.contribution.widgets[0].load({
      em: db.em.fork(),
      project: { id: project.id, name: project.name },
      user: { id: approver.user.id, name: "Abe" },
      locale: "en",
      can: () => true,
      t: (key: string) => key,
    } as never);
    expect(card?.counts[0]).toMatchObject({ label: "dockets:widgets.waiting", value: 1, tone: "attention" });
    expect(card?.waiting.map((item) => item.label)).toEqual(["DKT-0002"]);
  });
});

describe("resource rates", () => {
  it("adds, edits, deactivates and deletes rates with their permissions; a used rate is only deactivated", async () => {
    const project = await createProject(db.em);
    const { clerk, manager, earthworks } = await docketSite(db.em, project);
    const post = (cookie: string, form: Record<string, string>) =>
      callAction(resourceRates, "/dockets/settings/resource-rates", { cookie, form });
    const rates = () =>
      db.em.fork().find(ResourceRate, { project: project.id }, { orderBy: { code: "asc" }, filters: false });
    // The clerk sees the rates but may not add one.
    expect(
      (await callLoader(resourceRates, "/dockets/settings/resource-rates", { cookie: clerk.cookie })).status,
    ).toBe(200);
    const refused = await post(clerk.cookie, {
      intent: "create",
      code: "X",
      title: "X",
      unitOfMeasure: "hr",
      unitPrice: "1",
    });
    expect(refused.status).toBe(403);
    const bad = await post(manager.cookie, {
      intent: "create",
      code: "",
      title: "X",
      unitOfMeasure: "hr",
      unitPrice: "1.234",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.error.code).toEqual(["common:validation.required"]);
    expect(bad.data.error.unitPrice).toEqual(["common:validation.invalidNumber"]);
    expect(await rates()).toEqual([]);
    // The refused add comes back as the add form, refilled, with each message beside its field.
    const path = "/dockets/settings/resource-rates";
    const shown = async (actionData: unknown) =>
      renderRouteHtml({
        route: resourceRates,
        path,
        url: path,
        loaderData: (await callLoader(resourceRates, path, { cookie: manager.cookie })).data,
        actionData,
      });
    const refilled = await shown(bad.data);
    expect(refilled).toContain("This field is required");
    expect(refilled).toContain("Invalid number");
    expect(refilled).toMatch(/name="unitPrice"[^>]*value="1.234"/);
    expect(
      (
        await post(manager.cookie, {
          intent: "create",
          code: "EXC-20",
          title: "20 t excavator",
          unitOfMeasure: "hr",
          unitPrice: "1,450.00",
          totalContractQuantity: "400",
          totalContractAmount: "580000",
          companyId: earthworks.id,
        })
      ).status,
    ).toBe(302);
    const duplicate = await post(manager.cookie, {
      intent: "create",
      code: "EXC-20",
      title: "Y",
      unitOfMeasure: "hr",
      unitPrice: "1",
    });
    expect(duplicate.data.error.code).toEqual(["dockets:messages.codeTaken"]);
    const [rate] = await rates();
    expect([rate.unitPriceCents, rate.totalContractAmountCents, rate.company?.id]).toEqual([
      145_000,
      58_000_000,
      earthworks.id,
    ]);
    expect(
      (
        await post(manager.cookie, {
          intent: "edit",
          rateId: rate.id,
          code: "EXC-20",
          title: "20 t excavator, wet",
          unitOfMeasure: "hr",
          unitPrice: "1500",
        })
      ).status,
    ).toBe(302);
    expect((await rates())[0].unitPriceCents).toBe(150_000);
    const used = await makeRate(db.em, project, { code: "LAB", unitPriceCents: 9000 });
    await makeDocket(db.em, project, { number: "DKT-0001" }, []);
    await db.em.execute(
      `insert into docket_item (id, project_id, docket_id, position, resource_rate_id, code, title, unit_of_measure, unit_price_cents, quantity, amount_cents)
       select gen_random_uuid(), project_id, id, 0, ?, 'LAB', 'Labour', 'hr', 9000, 1, 9000 from docket where project_id = ?`,
      [used.id, project.id],
    );
    expect((await post(manager.cookie, { intent: "delete", rateId: used.id })).status).toBe(400);
    const inUse = await post(manager.cookie, { intent: "delete", rateId: used.id, confirmed: "on" });
    expect([inUse.status, inUse.data.error[""]]).toEqual([409, ["dockets:messages.rateInUse"]]);
    expect(await shown(inUse.data)).toContain("Docket items use this rate: deactivate it instead");
    expect((await post(manager.cookie, { intent: "deactivate", rateId: used.id })).status).toBe(302);
    expect((await post(manager.cookie, { intent: "delete", rateId: rate.id, confirmed: "on" })).status).toBe(
      302,
    );
    expect((await rates()).map((row) => [row.code, row.active])).toEqual([["LAB", false]]);
    const page = await callLoader(resourceRates, "/dockets/settings/resource-rates", {
      cookie: manager.cookie,
    });
    expect(page.data.rates[0]).toMatchObject({ code: "LAB", items: 1, active: false });
  });
});

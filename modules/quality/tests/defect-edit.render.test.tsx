/**
 * The defect edit page as a browser without JavaScript receives it: the create form filled with the defect,
 * one "Save changes" button, and the defect's state carried in the form so the server and the browser
 * validate alike.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/server/i18n/i18n.server";
import * as defectEdit from "../routes/defect-edit";

const DEFECT_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const MEMBER_ID = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

async function editHtml(status: string) {
  const url = `/quality/defects/${DEFECT_ID}/edit`;
  const loaderData = {
    defect: { id: DEFECT_ID, number: "DEF-0007", title: "Leaking valve", status },
    values: {
      title: "Leaking valve",
      description: "Level 2 plant room",
      locationId: "",
      lotNumber: "LOT-0042",
      companyId: "",
      assigneeId: MEMBER_ID,
      dueDate: "2026-12-01",
      priority: "high",
    },
    choices: { locations: [], companies: [], members: [{ value: MEMBER_ID, label: "Tara Trade" }] },
  };
  const routes = [
    {
      id: "page",
      path: "/quality/defects/:id/edit",
      loader: () => loaderData,
      Component: defectEdit.default,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <I18nextProvider i18n={await i18nFor("en")}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

describe("the defect edit page without JavaScript", () => {
  it("is the create form filled with the defect, saved with one button, cancelled back to the defect", async () => {
    const html = await editHtml("in_progress");
    expect(html).toContain("Edit DEF-0007");
    expect(html).toContain('value="Leaking valve"');
    expect(html).toContain("Level 2 plant room");
    expect(html).toContain('value="LOT-0042"');
    expect(html).toContain('value="2026-12-01"');
    expect(html).toMatch(new RegExp(`<option value="${MEMBER_ID}" selected="">Tara Trade</option>`));
    expect(html).toContain('<input type="hidden" name="save" value="raise"/>');
    expect(html).toContain("Save changes");
    expect(html).not.toContain("Save as draft");
    expect(html).toContain(`href="/quality/defects/${DEFECT_ID}"`);
    // One section of fields, as on the create page.
    expect(html.match(/<fieldset/g)).toHaveLength(1);
  });

  it("keeps a draft a draft: no assignee needed", async () => {
    expect(await editHtml("draft")).toContain('<input type="hidden" name="save" value="draft"/>');
  });
});

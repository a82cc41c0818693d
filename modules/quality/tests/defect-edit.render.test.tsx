/**
 * The defect edit page as a browser without JavaScript receives it: the create form filled with the defect,
 * one "Save changes" button, and the defect's state carried in the form so the server and the browser
 * validate alike.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
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
  return renderRouteHtml({ route: defectEdit, path: "/quality/defects/:id/edit", url, loaderData });
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

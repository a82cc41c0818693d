import { describe, expect, it } from "vitest";
import { renderElementHtml } from "~/tests/setup/render";
import { ConfirmInPlaceForm, type ConfirmInPlaceFormProps } from "./confirm-in-place-form";

const deleteLine: ConfirmInPlaceFormProps = {
  summary: "Delete",
  summaryLabel: "Delete Site sheds",
  summaryLook: "button",
  action: "/cost-and-commercial/indirect",
  intent: "delete",
  fields: { id: "line-1" },
  confirmLabel: "I am sure",
  submitLabel: "Delete",
};

/** The form as a browser without JavaScript receives it. */
const serverHtml = (props: ConfirmInPlaceFormProps) =>
  renderElementHtml("/cost-and-commercial/indirect", <ConfirmInPlaceForm {...props} />);

describe("ConfirmInPlaceForm without JavaScript", () => {
  it("is a closed disclosure holding a post form with the intent, the record and a required box", async () => {
    const html = await serverHtml(deleteLine);
    expect(html).toMatch(
      /^<details><summary class="btn btn-danger btn-sm" aria-label="Delete Site sheds">Delete<\/summary>/,
    );
    expect(html).toMatch(/<form method="post" action="\/cost-and-commercial\/indirect"/);
    expect(html).toContain('<input type="hidden" name="intent" value="delete"/>');
    expect(html).toContain('<input type="hidden" name="id" value="line-1"/>');
    // The label names the box (keyboard and screen readers reach it by its text).
    expect(html).toMatch(
      /<input name="confirmed" required="" id="([^"]+)" type="checkbox"[^>]*\/><label for="\1"[^>]*>I am sure<\/label>/,
    );
    expect(html).toMatch(
      /<button type="submit" class="btn btn-danger btn-sm">Delete<\/button><\/form><\/details>$/,
    );
    expect(html).not.toContain('role="alert"');
  });

  it("opens on a refusal and shows its message", async () => {
    const html = await serverHtml({ ...deleteLine, errors: ["Tick I am sure first."] });
    expect(html).toMatch(/^<details open="">/);
    expect(html).toMatch(/role="alert"[^>]*>.*Tick I am sure first\./);
  });

  it("says what the step undoes above the box, with a red text summary by default", async () => {
    const html = await serverHtml({
      summary: "Delete talk",
      intent: "delete",
      warning: "Talk TB-0001 and its attendance go.",
      confirmLabel: "I am sure",
      submitLabel: "Delete the talk",
    });
    expect(html).toContain('<summary class="cursor-pointer font-medium text-red-700">Delete talk</summary>');
    expect(html).toMatch(/<p[^>]*>Talk TB-0001 and its attendance go\.<\/p>.*name="confirmed"/);
  });
});

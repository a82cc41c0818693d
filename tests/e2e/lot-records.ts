import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Completes the lot's records as the submission gates ask: every item checked
 * conforming, every item needing the subcontractor signed, an ITR uploaded. Points must be released first
 * (items after a hold point cannot be checked before).
 */
export async function completeLotRecords(engineer: Page, lotUrl: string) {
  await engineer.goto(`${lotUrl}/itp`);
  const forms = engineer.getByRole("form", { name: "Record check" });
  await expect(forms.first()).toBeVisible();
  const total = await forms.count();
  const recorded = engineer.getByText(/^Checked by /);
  for (let index = 0; index < total; index += 1) {
    const form = forms.nth(index);
    await form.getByLabel("Conforming", { exact: true }).check();
    await form.getByRole("button", { name: "Record check" }).click();
    await expect(recorded).toHaveCount(index + 1);
  }
  const signatures = engineer.getByRole("button", { name: "Sign as subcontractor", exact: true });
  for (let left = await signatures.count(); left > 0; left -= 1) {
    await signatures.first().click();
    await expect(signatures).toHaveCount(left - 1);
  }
  await engineer.goto(`${lotUrl}/itr/new`);
  await engineer.getByLabel(/^Title/).fill("Pile cap pour records");
  await engineer.getByLabel(/^Files/).setInputFiles({
    name: "pour-records.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% pour records\n"),
  });
  await engineer.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(engineer.getByText("Pile cap pour records").first()).toBeVisible();
}

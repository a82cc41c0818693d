import { expect, test } from "./fixtures";
import { completeLotRecords } from "./lot-records";

/**
 * Hold points with the client, end to end: the site engineer e-mails the client the lot's hold and witness
 * points (the notify form, its confirm page, the sent page); the client opens the e-mailed link in a
 * browser with JavaScript off and releases each point with a remark; nothing holds the lot any more and the
 * site team submits it to the Project Engineer. The project starts from the bridge demo's library (ITP-0001
 * active, with hold and witness points).
 */
test("the client releases a hold point through the e-mailed link with JavaScript off", async ({
  browser,
  team,
}) => {
  test.setTimeout(120_000);
  await team.addQualityLibrary();
  const title = `Pier 2 crosshead pour ${Date.now()}`;
  const clientEmail = `client-${Date.now()}@roads.example.gov.au`;
  const engineer = await team.signedInPage("Site Engineer");
  let lotUrl = "";

  await test.step("the site engineer creates the lot, assigns the ITP and completes the records", async () => {
    await engineer.goto("/quality/lot/create");
    await engineer.getByLabel(/^Title/).fill(title);
    await engineer.getByLabel(/^Location/).selectOption({ label: "Pier 1 › Pile cap" });
    await engineer.getByRole("button", { name: "Create Lot" }).click();
    await expect(engineer.getByRole("heading", { level: 1 })).toContainText(title);
    lotUrl = new URL(engineer.url()).pathname;
    await engineer.getByRole("link", { name: "ITP", exact: true }).click();
    await engineer.getByLabel("ITP to assign").click();
    await engineer.getByRole("option", { name: /^ITP-0001/ }).click();
    await engineer.getByRole("button", { name: "Assign ITP" }).click();
    await engineer.goto(lotUrl);
    await engineer.getByRole("button", { name: "Start work", exact: true }).click();
    await expect(engineer.getByText("Work started", { exact: true }).first()).toBeVisible();
    await engineer.getByRole("button", { name: "Mark records complete", exact: true }).click();
    await expect(engineer.getByText("Records complete", { exact: true }).first()).toBeVisible();
    await expect(engineer.getByText(/^Held at hold point ITP-0001 #/)).toBeVisible();
  });

  await test.step("the site engineer e-mails the client the lot's points", async () => {
    await engineer.goto(`${lotUrl}/hp-wp`);
    const boxes = engineer.getByRole("checkbox", { name: /to notify the client$/ });
    await expect(boxes.first()).toBeVisible();
    for (let index = 0; index < (await boxes.count()); index += 1) await boxes.nth(index).check();
    await engineer.getByRole("button", { name: "Notify client of the selected points" }).click();
    await expect(engineer.getByRole("heading", { name: "Email to client" })).toBeVisible();
    await engineer.getByLabel("Client name").fill("Riley Roads");
    await engineer.getByLabel("Client email").fill(clientEmail);
    await engineer.getByLabel("Inspection day asked of the client").fill("2030-03-04");
    await expect(engineer.getByLabel("Email content")).toHaveValue(/\{lotNumber\}/);
    await engineer.getByRole("button", { name: "Review email" }).click();
    // The confirm page shows the mail as it will go, with the placeholders filled in.
    await expect(engineer.getByText(/Dear Riley Roads/)).toBeVisible();
    await engineer.getByRole("button", { name: "Send email" }).click();
    await expect(engineer.getByText("The client was notified.", { exact: false })).toBeVisible();
  });

  // The link arrives by e-mail (the outbox, read at /dev/mailbox).
  let link = "";
  await expect(async () => {
    await engineer.goto(`/dev/mailbox?to=${encodeURIComponent(clientEmail)}`);
    const text = (await engineer.getByRole("article").first().textContent()) ?? "";
    link = /https?:\/\/\S+\/external\/hp-wp\/[^\s"<]+/.exec(text)?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 10_000 });

  await test.step("the client releases each point with a remark, JavaScript off", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
    const client = await context.newPage();
    await client.goto(link);
    await expect(client.getByRole("heading", { name: /^Inspection points of lot LOT-/ })).toBeVisible();
    // Rejecting needs a remark: the page comes back with the message and nothing is recorded.
    await client.getByRole("radio", { name: "Reject" }).first().check();
    await client.getByRole("button", { name: "Submit decision" }).first().click();
    await expect(client.getByText("Please give a remark for this decision")).toBeVisible();

    const submit = client.getByRole("button", { name: "Submit decision" });
    for (let left = await submit.count(); left > 0; left -= 1) {
      await client.getByRole("radio", { name: "Release", exact: true }).first().check();
      await client.getByLabel("Remark").first().fill("Reinforcement and cover as drawn.");
      await client.getByLabel("Or type your full name").first().fill("Riley Roads");
      await submit.first().click();
      await expect(submit).toHaveCount(left - 1);
    }
    await expect(client.getByText("Every point of this link has been decided.")).toBeVisible();
    await context.close();
  });

  await test.step("nothing holds the lot now: the site team completes its records and submits it", async () => {
    await engineer.goto(`${lotUrl}/hp-wp`);
    await expect(engineer.getByText("Released", { exact: true }).first()).toBeVisible();
    // The items after the hold point could not be checked before its release; now every check is recorded.
    await completeLotRecords(engineer, lotUrl);
    await engineer.goto(lotUrl);
    await expect(engineer.getByText(/^Held at hold point/)).toHaveCount(0);
    await engineer.getByRole("button", { name: "Submit to Project Engineer", exact: true }).click();
    await expect(engineer.getByText("Project Engineer review", { exact: true }).first()).toBeVisible();
  });
});

/** Arrangements of the client's hold and witness point tests: a held lot, the notify form, the client's mail. */
import type { EntityManager } from "@mikro-orm/postgresql";
import { expect } from "vitest";
import { createProject } from "~/tests/factories";
import { callAction } from "~/tests/setup/requests";
import { type ILot, Lot } from "../entities";
import * as notifyRoute from "../routes/hp-wp-notify";
import { mailsTo } from "./itp-fixtures";
import { completeRecords } from "./lot-gate-fixtures";
import { assign, LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

export const CLIENT = "carl@client.test";
export const QA = [...LOT_ALL, "quality.lot.qa-review"];
export const PNG = "data:image/png;base64,iVBORw0KGgo=";

/** A lot whose records are complete, with an ITP: check, hold point, a step after it, a witness point. */
export async function heldLotIn(em: EntityManager) {
  const project = await createProject(em, { name: "Harbour Bridge" });
  const lot = await makeLot(em, project);
  const { itp, items } = await makeItp(em, project, {
    items: [
      { activity: "Set out formwork", kind: "C" },
      { activity: "Inspect reinforcement", kind: "H" },
      { activity: "Pour concrete", kind: "I" },
      { activity: "Slump test", kind: "W" },
    ],
  });
  await assign(em, project, lot, itp);
  // Every check, signature and ITR in place: only the hold point stands between the lot and its submission.
  await completeRecords(em, project, lot, { itp, items });
  await em.nativeUpdate(
    Lot,
    { id: lot.id },
    { status: "active", subStatus: "completed_pending_records" },
    { filters: false },
  );
  const [, hold, , witness] = items;
  const site = await memberWith(em, project, LOT_ALL, "Sam Site");
  const qa = await memberWith(em, project, QA, "Quinn QA");
  return { project, lot, itp, hold, witness, site, qa };
}

export const notifyForm = (lot: ILot, itemIds: string[], extra: Record<string, string> = {}) => ({
  point: itemIds.map((id) => `${lot.id}:${id}`),
  clientName: "Carl Client",
  clientEmail: CLIENT,
  cc: "dora@client.test",
  dueOn: "2026-12-03",
  content: "Dear {clientName}, please come to {lotNumber} on {dueOn}:\n{points}",
  step: "send",
  ...extra,
});

/** The engineer notifies the client; returns the link's page address from the client's mail. */
export async function notifyClientIn(em: EntityManager, lot: ILot, cookie: string, itemIds: string[]) {
  const sent = await callAction(notifyRoute, "/quality/hp-wp/notify", {
    cookie,
    form: notifyForm(lot, itemIds),
  });
  expect(sent.status).toBe(302);
  const mails = await mailsTo(em, CLIENT);
  const match = mails.at(-1)!.text.match(/\/external\/hp-wp\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+)/);
  expect(match).not.toBeNull();
  const [, linkId, token] = match!;
  return { linkId, token, sent };
}

export function decisionForm(fields: Record<string, string>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("files", file);
  return form;
}

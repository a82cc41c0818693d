import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { accCostClientFor } from "~/plugins/acc/index.server";
import {
  accCostConnectionView,
  projectAccCost,
  removeAccCostConnection,
  saveAccCostConnection,
} from "~/server/acc/cost-connection.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";

/**
 * The project's ACC Cost Management connection, as Dockets' settings show it (the store is the core's:
 * server/acc/cost-connection.server.ts). The secret goes in, never out: the page only says whether one is kept.
 */

const P = DOCKET_PERMISSIONS;
export const ACC_SETTINGS_PATH = "/dockets/settings/acc";
/** The Activity Log's entity type of the connection's changes (never the secret). */
export const ACC_CONNECTION_ENTITY_TYPE = "dockets.acc-connection";

export const accConnectionSchema = z.object({
  clientId: z.string({ error: "dockets:acc.required" }).trim().min(1, "dockets:acc.required").max(200),
  clientSecret: z.string().trim().max(500).optional(),
  containerId: z.string({ error: "dockets:acc.required" }).trim().min(1, "dockets:acc.required").max(200),
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^/\s]+/, "dockets:acc.badUrl")
    .optional(),
});

export async function accConnectionPage(context: ProjectContext) {
  return {
    connection: await accCostConnectionView(context.em, context.project.id),
    canSave: context.can(P.createSettings),
  };
}

export async function saveAccConnection(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: accConnectionSchema });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["clientSecret"] }), { status: 400 });
  const values = submission.value;
  const saved = await context.em.transactional((tx) =>
    saveAccCostConnection(
      tx,
      context.project.id,
      { ...values, clientSecret: values.clientSecret ?? "", baseUrl: values.baseUrl ?? null },
      { id: context.user.id, entityType: ACC_CONNECTION_ENTITY_TYPE },
    ),
  );
  if (!saved)
    return data(
      submission.reply({
        hideFields: ["clientSecret"],
        fieldErrors: { clientSecret: [message("dockets:acc.secretRequired")] },
      }),
      { status: 400 },
    );
  return redirectWithToast(ACC_SETTINGS_PATH, { type: "success", message: "dockets:acc.saved" });
}

export async function removeAccConnection(context: ProjectContext) {
  await context.em.transactional((tx) =>
    removeAccCostConnection(tx, context.project.id, {
      id: context.user.id,
      entityType: ACC_CONNECTION_ENTITY_TYPE,
    }),
  );
  return redirectWithToast(ACC_SETTINGS_PATH, { type: "success", message: "dockets:acc.removed" });
}

export type ConnectionTest = { test: { ok: true; budgets: number } | { ok: false; message: string } };

/** "Test connection": reads the container's budgets through the client; ACC's answer or the failure. */
export async function testAccConnection(context: ProjectContext): Promise<ConnectionTest> {
  const { settings, status } = await projectAccCost(context.em, context.project.id);
  if (!status.connected) return { test: { ok: false, message: "dockets:acc.notConnected" } };
  try {
    const { client, containerId } = accCostClientFor(settings);
    const budgets = await client.listBudgets(containerId);
    return { test: { ok: true, budgets: budgets.length } };
  } catch (error) {
    return { test: { ok: false, message: error instanceof Error ? error.message : String(error) } };
  }
}

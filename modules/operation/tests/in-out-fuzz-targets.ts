/** In/Out's forms, for the fuzz suite (tests/fuzz): the In/Out page's intents, a stay's correction, the gate page. */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { signIn } from "../server/in-out.server";
import { gateToken, openGate } from "../server/in-out-gate.server";
import {
  correctionSchema,
  deleteSchema,
  gateRevokeSchema,
  signInSchema,
  signOutSchema,
} from "../server/in-out-rules";

const noFields = z.object({});

/** One person on site (signed in by the member with rights) and the gate's open link. */
async function inOutRecords(world: FuzzWorld) {
  const em = scopeToProject(world.em, world.project.id);
  const outcome = await signIn(
    em,
    { projectId: world.project.id, actorId: world.withRights.user.id, zone: "UTC" },
    { name: "Fuzz Worker", company: "Fuzz Co", role: null, kind: "worker", inducted: true },
    { source: "app" },
  );
  if (!outcome.ok) throw new Error("The fuzz worker was not signed in");
  const gate = await openGate(
    scopeToProject(world.em, world.project.id),
    world.project.id,
    world.withRights.user.id,
  );
  return {
    record: outcome.record,
    gate,
    ids: [outcome.record.id, gate.id, world.withRights.user.id, world.withoutRights.user.id],
  };
}

export const inOutTargets = fuzzTargets({
  "/operation/in-out": {
    forms: [
      { name: "sign in", schema: signInSchema, fixed: { intent: "sign-in" } },
      { name: "sign out", schema: signOutSchema, fixed: { intent: "sign-out" } },
      { name: "gate open", schema: noFields, fixed: { intent: "gate-open" } },
      { name: "gate revoke", schema: gateRevokeSchema, fixed: { intent: "gate-revoke" } },
    ],
    async arrange(world) {
      return { ids: (await inOutRecords(world)).ids };
    },
  },
  "/operation/in-out/:id": {
    forms: [
      { name: "correct", schema: correctionSchema, fixed: { intent: "correct" } },
      { name: "delete", schema: deleteSchema, fixed: { intent: "delete" } },
    ],
    async arrange(world) {
      const { record, ids } = await inOutRecords(world);
      return { params: { id: record.id }, ids };
    },
  },
  "/external/in-out/:id": {
    forms: [
      { name: "sign in", schema: signInSchema, fixed: { intent: "sign-in" } },
      { name: "sign out", schema: noFields, fixed: { intent: "sign-out" } },
    ],
    async arrange(world) {
      const { gate, ids } = await inOutRecords(world);
      return { params: { id: gate.id }, search: `?token=${encodeURIComponent(gateToken(gate))}`, ids };
    },
  },
});

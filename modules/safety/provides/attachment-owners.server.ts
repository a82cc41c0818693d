import type { EntityManager } from "@mikro-orm/postgresql";
import { ProjectMember } from "~/server/db/entities";
import { type Provider, provide } from "~/server/extensions/contracts";
import { SafetyAuditSchedule } from "../audit-entities";
import { ANY_TALK_PERMISSION, TALK_PERMISSIONS } from "../domain/talk-fields";
import { SafetyAction, SafetyObservation } from "../entities";
import { SafetyIncidentInjuredPerson } from "../incident-entities";
import { SafetySds } from "../permit-entities";
import { ACTION_ENTITY_TYPE, actionPath } from "../server/action-basics";
import { REPORT_FILE_ENTITY_TYPE, SIGNED_REPORT_ENTITY_TYPE, schedulePath } from "../server/audit-basics";
import { incidentViewPath } from "../server/incident-basics";
import { INJURED_FILE_ENTITY_TYPE } from "../server/incident-files.server";
import { OBSERVATION_ENTITY_TYPE, observationPath } from "../server/observation-basics";
import { SDS_ENTITY_TYPE, sdsPath } from "../server/sds-basics";
import { SWMS_ENTITY_TYPE, swmsPath } from "../server/swms-basics";
import { TALK_ENTITY_TYPE, talkPath } from "../server/talk-basics";
import { SafetySwms } from "../swms-entities";
import { SafetyTalk } from "../talk-entities";

/** An audit's (or inspection's) report files: its Report tab. */
async function auditReport({ em }: { em: EntityManager }, scheduleId: string) {
  const schedule = await em.findOne(SafetyAuditSchedule, { id: scheduleId }, { fields: ["id"] });
  return schedule ? schedulePath(schedule.id, "report") : null;
}

/**
 * Safety's files open on the core attachment page for whoever sees their record, by the permission of the
 * record's own page: an action's evidence, an observation's and a talk's photos, a SWMS's and an SDS's files,
 * an injured person's photos (the incident's), an audit's reports. A talk is seen by its kind's permission,
 * a SWMS by a subcontractor only when it is their company's, as on their pages.
 */
export const provider: Provider<"attachments.owners"> = provide("attachments.owners", {
  owners: [
    {
      entityType: ACTION_ENTITY_TYPE,
      permission: "safety.actions.view",
      async recordHref({ em }, actionId) {
        const action = await em.findOne(SafetyAction, { id: actionId }, { fields: ["id"] });
        return action ? actionPath(action.id) : null;
      },
    },
    {
      entityType: OBSERVATION_ENTITY_TYPE,
      permission: "safety.observations.view",
      async recordHref({ em }, observationId) {
        const observation = await em.findOne(SafetyObservation, { id: observationId }, { fields: ["id"] });
        return observation ? observationPath(observation.id) : null;
      },
    },
    {
      entityType: TALK_ENTITY_TYPE,
      permission: [...ANY_TALK_PERMISSION.view],
      async recordHref({ em }, talkId) {
        const talk = await em.findOne(SafetyTalk, { id: talkId }, { fields: ["id"] });
        return talk ? talkPath(talk.id) : null;
      },
      async mayOpen({ em, can }, talkId) {
        const talk = await em.findOne(SafetyTalk, { id: talkId }, { fields: ["kind"] });
        return !talk || can([...TALK_PERMISSIONS[talk.kind].view]);
      },
    },
    {
      entityType: SWMS_ENTITY_TYPE,
      permission: ["safety.swms.view", "safety.swms.subcontractor-view"],
      async recordHref({ em }, swmsId) {
        const swms = await em.findOne(SafetySwms, { id: swmsId }, { fields: ["id"] });
        return swms ? swmsPath(swms.id) : null;
      },
      async mayOpen({ em, can, user, project }, swmsId) {
        if (can("safety.swms.view")) return true;
        const [swms, membership] = await Promise.all([
          em.findOne(SafetySwms, { id: swmsId }, { fields: ["company"] }),
          em.findOne(ProjectMember, { project: project.id, user: user.id }, { fields: ["company"] }),
        ]);
        return !swms || (membership?.company != null && membership.company.id === swms.company.id);
      },
    },
    {
      entityType: SDS_ENTITY_TYPE,
      permission: "safety.sds.view",
      async recordHref({ em }, sdsId) {
        const sds = await em.findOne(SafetySds, { id: sdsId }, { fields: ["id"] });
        return sds ? sdsPath(sds.id) : null;
      },
    },
    {
      entityType: INJURED_FILE_ENTITY_TYPE,
      permission: "safety.incidents.view",
      async recordHref({ em }, personId) {
        const person = await em.findOne(
          SafetyIncidentInjuredPerson,
          { id: personId },
          { fields: ["incident"] },
        );
        return person ? incidentViewPath(person.incident.id) : null;
      },
    },
    { entityType: REPORT_FILE_ENTITY_TYPE, permission: "safety.audits.view", recordHref: auditReport },
    { entityType: SIGNED_REPORT_ENTITY_TYPE, permission: "safety.audits.view", recordHref: auditReport },
  ],
});

import { z } from "zod";
import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { actionWorkflow } from "./domain/action-workflow";
import { assessmentWorkflow, scheduleWorkflow } from "./domain/audit-workflow";
import { incidentWorkflow } from "./domain/incident-workflow";
import { observationWorkflow } from "./domain/observation-workflow";
import { permitWorkflow } from "./domain/permit-workflow";
import { sdsWorkflow } from "./domain/sds-workflow";
import { swmsWorkflow } from "./domain/swms-workflow";
import { ANY_TALK_PERMISSION } from "./domain/talk-fields";

/** Safety (HSSE): actions so far (register, create and edit, workflow, evidence, comments, notification settings). */
export default defineModule({
  id: "safety",
  title: "safety:title",
  icon: "shield-check",
  basePath: "/safety",
  routes: [
    {
      // Each part of the page shows for those who may open the register behind it (server/home.server).
      path: "/safety/home",
      file: "routes/safety-home.tsx",
      access: "project",
      permission: [
        "safety.actions.view",
        "safety.incidents.view",
        "safety.observations.view",
        "safety.settings.view-settings",
        "safety.sds.view",
        "safety.permits.view",
      ],
    },
    {
      path: "/safety/actions",
      file: "routes/action-register.tsx",
      access: "project",
      permission: "safety.actions.view",
    },
    {
      path: "/safety/actions/create",
      file: "routes/action-create.tsx",
      access: "project",
      permission: "safety.actions.create",
    },
    {
      // Saving needs edit-notification-settings too: the action checks it.
      path: "/safety/actions/notification",
      file: "routes/action-notification.tsx",
      access: "project",
      permission: "safety.actions.view-notification-settings",
    },
    {
      path: "/safety/actions/:id",
      file: "routes/action-detail.tsx",
      access: "project",
      permission: "safety.actions.view",
      // Who the user is to the action (its assignee, creator, a manager) is checked by the step, on top of the permission.
      intents: {
        transition: { workflow: "action", actionField: "action" },
        comment: "safety.actions.view",
        reassign: "safety.actions.reassign",
        // Whose evidence may be removed (its uploader's, or a manager's) is checked by the removal itself.
        "evidence-delete": "safety.actions.view",
      },
    },
    {
      path: "/safety/actions/:id/edit",
      file: "routes/action-edit.tsx",
      access: "project",
      permission: "safety.actions.edit",
    },
    {
      // Who may add evidence (creator, assignee, a manager; not once closed) is checked by the upload itself.
      path: "/safety/actions/:id/evidence",
      file: "routes/action-evidence.ts",
      access: "project",
      permission: "safety.actions.view",
    },
    {
      path: "/safety/actions/:id/evidence/:fileId",
      file: "routes/action-evidence-file.ts",
      access: "project",
      permission: "safety.actions.view",
    },
    // --- settings (issue #13, settings part): incident settings, hours worked, links to notification pages
    {
      path: "/safety/setting",
      file: "routes/settings.tsx",
      access: "project",
      permission: "safety.settings.view-settings",
      intents: {
        // The incident settings form (save, reset to the defaults) and the hours worked grid.
        save: "safety.settings.create-settings",
        reset: "safety.settings.create-settings",
        "save-hours": "safety.settings.create-settings",
      },
    },
    // --- end of settings routes
    // --- Observations and enforcement (decision 031) ---
    {
      path: "/safety/observation",
      file: "routes/observation-register.tsx",
      access: "project",
      permission: "safety.observations.view",
    },
    {
      path: "/safety/observation/create",
      file: "routes/observation-create.tsx",
      access: "project",
      permission: "safety.observations.create",
    },
    {
      path: "/safety/observation/:id",
      file: "routes/observation-detail.tsx",
      access: "project",
      permission: "safety.observations.view",
      // Who the user is to the observation (assignee, raiser, a manager) is checked by the step, on top.
      intents: {
        transition: { workflow: "observation", actionField: "action" },
        reassign: "safety.observations.reassign",
        // Whose photo may be removed (its uploader's, or a manager's) is checked by the removal itself.
        "photo-delete": "safety.observations.view",
      },
    },
    {
      // Only its raiser or a manager, while there is work on it: the route checks it.
      path: "/safety/observation/:id/edit",
      file: "routes/observation-edit.tsx",
      access: "project",
      permission: "safety.observations.edit",
    },
    {
      // Who may add photos (raiser, assignee, a manager; not once closed) is checked by the upload itself.
      path: "/safety/observation/:id/photos",
      file: "routes/observation-photos.ts",
      access: "project",
      permission: "safety.observations.view",
    },
    {
      path: "/safety/observation/:id/photos/:fileId",
      file: "routes/observation-photo-file.ts",
      access: "project",
      permission: "safety.observations.view",
    },
    {
      path: "/safety/enforcement",
      file: "routes/enforcement-register.tsx",
      access: "project",
      permission: "safety.enforcement.view",
    },
    {
      path: "/safety/enforcement/create",
      file: "routes/enforcement-create.tsx",
      access: "project",
      permission: "safety.enforcement.create",
    },
    {
      path: "/safety/enforcement/:id",
      file: "routes/enforcement-detail.tsx",
      access: "project",
      permission: "safety.enforcement.view",
    },
    // --- end observations and enforcement ---
    // --- Incidents (IMS): README "Incidents" ---
    {
      path: "/safety/ims",
      file: "routes/incident-register.tsx",
      access: "project",
      permission: "safety.incidents.view",
    },
    {
      // The register's location picker: the project's locations matching a text, as JSON.
      path: "/safety/ims/filter-values",
      file: "routes/incident-filter-values.ts",
      access: "project",
      permission: "safety.incidents.view",
    },
    {
      path: "/safety/ims/raise-incident",
      file: "routes/incident-raise.tsx",
      access: "project",
      permission: "safety.incidents.create",
    },
    {
      // Saving needs edit-notification-settings too: the action checks it.
      path: "/safety/ims/notification",
      file: "routes/incident-notification.tsx",
      access: "project",
      permission: "safety.incidents.view-notification-settings",
    },
    {
      path: "/safety/ims/view/:id",
      file: "routes/incident-view.tsx",
      access: "project",
      permission: "safety.incidents.view",
      // Who the user is to the incident (reporter, SHE person, manager) and its lock are checked by each step.
      intents: {
        transition: { workflow: "incident", actionField: "action" },
        lock: "safety.incidents.lock-unlock",
        // Unlocking a closed incident needs unlock-incident, an open one lock-unlock: checked by the unlock.
        unlock: "safety.incidents.view",
        reassign: "safety.incidents.reassign-incident",
      },
    },
    {
      // Which sections the user may change (party, state, lock) is checked by each save.
      path: "/safety/ims/edit/:id",
      file: "routes/incident-edit.tsx",
      access: "project",
      permission: "safety.incidents.edit",
      intents: {
        save: "safety.incidents.edit",
        "injured-save": "safety.incidents.edit",
        "injured-delete": "safety.incidents.edit",
        "drug-save": "safety.incidents.edit",
        "drug-delete": "safety.incidents.edit",
        "file-delete": "safety.incidents.edit",
      },
    },
    {
      // Who may add an injured person's photos and videos (the injury section open to them) is checked by the upload.
      path: "/safety/ims/:incidentId/injured/:personId/files",
      file: "routes/incident-injured-files.ts",
      access: "project",
      permission: "safety.incidents.edit",
    },
    {
      path: "/safety/ims/:incidentId/files/:fileId",
      file: "routes/incident-file.ts",
      access: "project",
      permission: "safety.incidents.view",
    },
    {
      path: "/safety/ims/:incidentId/activity-log",
      file: "routes/incident-activity.tsx",
      access: "project",
      permission: "safety.incidents.view",
    },
    {
      // Whoever sees the incident may have its report: it prints nothing the view page does not show.
      path: "/safety/ims/:incidentId/report",
      file: "routes/incident-report.tsx",
      access: "project",
      permission: "safety.incidents.view",
    },
    {
      path: "/safety/ims/:incidentId/report/file",
      file: "routes/incident-report-file.ts",
      access: "project",
      permission: "safety.incidents.view",
    },
    {
      path: "/safety/ims/:incidentId/victims/create",
      file: "routes/incident-victim-create.tsx",
      access: "project",
      permission: "safety.incidents.edit",
    },
    {
      path: "/safety/ims/:incidentId/victims/:victimId",
      file: "routes/incident-victim-detail.tsx",
      access: "project",
      permission: "safety.incidents.view",
      intents: { delete: "safety.incidents.edit" },
    },
    {
      path: "/safety/ims/:incidentId/victims/:victimId/edit",
      file: "routes/incident-victim-edit.tsx",
      access: "project",
      permission: "safety.incidents.edit",
    },
    {
      path: "/safety/ims/:incidentId/witness/create",
      file: "routes/incident-witness-create.tsx",
      access: "project",
      permission: "safety.incidents.edit",
    },
    {
      path: "/safety/ims/:incidentId/witness/:witnessId",
      file: "routes/incident-witness-detail.tsx",
      access: "project",
      permission: "safety.incidents.view",
      intents: { delete: "safety.incidents.edit" },
    },
    {
      path: "/safety/ims/:incidentId/witness/:witnessId/edit",
      file: "routes/incident-witness-edit.tsx",
      access: "project",
      permission: "safety.incidents.edit",
    },
    {
      // The incident reference lists (spec 9); the /safety/setting page itself is the settings area's.
      path: "/safety/setting/reference-lists",
      file: "routes/incident-reference-lists.tsx",
      access: "project",
      permission: "safety.incidents.view-settings",
      intents: {
        add: "safety.incidents.create-settings",
        rename: "safety.incidents.create-settings",
        archive: "safety.incidents.create-settings",
        restore: "safety.incidents.create-settings",
      },
    },
    // --- end incidents ---
    // --- Audits and inspections (issue #14, decision 036): README "Audits and inspections" ---
    {
      path: "/safety/audit",
      file: "routes/audit-register.tsx",
      access: "project",
      permission: "safety.audits.view",
    },
    {
      path: "/safety/inspection",
      file: "routes/inspection-register.tsx",
      access: "project",
      permission: "safety.audits.view",
    },
    {
      path: "/safety/audit/create-audit-schedule",
      file: "routes/audit-create.tsx",
      access: "project",
      permission: "safety.audits.audit_create",
    },
    {
      path: "/safety/inspection/create-audit-schedule",
      file: "routes/inspection-create.tsx",
      access: "project",
      permission: "safety.audits.inspection_create",
    },
    {
      // Saving needs audit_schedule_edit_notification_settings too: the action checks it.
      path: "/safety/audit/notification-setting",
      file: "routes/audit-notification.tsx",
      access: "project",
      permission: "safety.audits.view-notification-settings",
    },
    {
      // Details (edit=true: the form; editing needs audit_edit_all or inspection_edit by kind, checked by the save),
      // Criteria, Review/Report, Compilation. Who the user is to the schedule is checked by each step.
      path: "/safety/audit/audit-schedule-details/:id",
      file: "routes/audit-schedule.tsx",
      access: "project",
      permission: "safety.audits.view",
      intents: {
        transition: { workflow: "auditSchedule", actionField: "action" },
        save: "safety.audits.view",
        generate: "safety.audits.view",
        "file-delete": "safety.audits.view",
        // The lead or an audit manager (checked by the send), once a signed report is there.
        "send-to-document-service": "safety.audits.view",
      },
    },
    {
      // The schedule's report files and signed reports (50 MB a file): upload (lead or manager) and download.
      path: "/safety/audit/audit-schedule-details/:id/reports",
      file: "routes/audit-reports.ts",
      access: "project",
      permission: "safety.audits.view",
    },
    {
      path: "/safety/audit/audit-schedule-details/:id/reports/:fileId",
      file: "routes/audit-report-file.ts",
      access: "project",
      permission: "safety.audits.view",
    },
    {
      // A location's assessment and criteria, the review steps, the actions raised from its criteria.
      path: "/safety/audit/:auditId/criteria-details/:locationId",
      file: "routes/audit-criteria-details.tsx",
      access: "project",
      permission: "safety.audits.view",
      intents: {
        transition: { workflow: "auditAssessment", actionField: "action" },
        "criterion-delete": "safety.audits.criteria_create",
      },
    },
    {
      path: "/safety/audit/:auditId/create-assessment/:locationId",
      file: "routes/audit-assessment-form.tsx",
      access: "project",
      permission: "safety.audits.assessment_create",
    },
    {
      // Add a criterion (or edit one: ?criterionId=), or upload the criteria template (XLSX).
      path: "/safety/audit/:auditId/create-criteria-au/:assessmentId",
      file: "routes/audit-criterion-form.tsx",
      access: "project",
      permission: "safety.audits.criteria_create",
    },
    // --- end audits and inspections ---
    // --- Talks: pre-start and toolbox talks (decision 035) ---
    {
      // Any one of the talk view permissions (spec 6); each kind's tab shows to those who may view it.
      path: "/safety/meetings",
      file: "routes/talk-register.tsx",
      access: "project",
      permission: [...ANY_TALK_PERMISSION.view],
    },
    {
      // Which kinds the user may create is checked by the form (the kind's own create permission).
      path: "/safety/ptt/create",
      file: "routes/talk-create.tsx",
      access: "project",
      permission: [...ANY_TALK_PERMISSION.create],
    },
    {
      // The talk's kind decides which view permission it needs: checked by the loader.
      path: "/safety/meetings/ptt/:id",
      file: "routes/talk-detail.tsx",
      access: "project",
      permission: [...ANY_TALK_PERMISSION.view],
      // The talk's kind's edit (sign-on links) or delete permission is checked by each intent's handler.
      intents: {
        "sign-on-open": [...ANY_TALK_PERMISSION.edit],
        "sign-on-revoke": [...ANY_TALK_PERMISSION.edit],
        "photo-delete": [...ANY_TALK_PERMISSION.edit],
        delete: [...ANY_TALK_PERMISSION.delete],
      },
    },
    {
      // Who may add group photos (the talk's kind's edit permission) is checked by the upload itself.
      path: "/safety/meetings/ptt/:id/photos",
      file: "routes/talk-photos.ts",
      access: "project",
      permission: [...ANY_TALK_PERMISSION.edit],
    },
    {
      path: "/safety/meetings/ptt/:id/photos/:fileId",
      file: "routes/talk-photo-file.ts",
      access: "project",
      permission: [...ANY_TALK_PERMISSION.view],
    },
    {
      // The talk's kind's edit permission is checked by the loader and the action.
      path: "/safety/ptt/edit/:id",
      file: "routes/talk-edit.tsx",
      access: "project",
      permission: [...ANY_TALK_PERMISSION.edit],
    },
    {
      // An attendee without an account signs on through the talk's QR link (`:id` the link's id, `?token=`).
      path: "/external/ptt/:id/sign-on",
      file: "routes/external-talk-sign-on.tsx",
      access: "external",
    },
    // --- end talks ---
    // --- SWMS: README "SWMS" (decision 037) ---
    {
      // view sees every SWMS; subcontractor-view only their own company's (checked by the loader).
      path: "/safety/swms",
      file: "routes/swms-register.tsx",
      access: "project",
      permission: ["safety.swms.view", "safety.swms.subcontractor-view"],
    },
    {
      path: "/safety/swms/create",
      file: "routes/swms-create.tsx",
      access: "project",
      permission: "safety.swms.create",
    },
    {
      // Saving needs edit-notification too: the action checks it.
      path: "/safety/swms/notification",
      file: "routes/swms-notification.tsx",
      access: "project",
      permission: "safety.swms.view-notification",
    },
    {
      path: "/safety/swms/:id",
      file: "routes/swms-detail.tsx",
      access: "project",
      permission: ["safety.swms.view", "safety.swms.subcontractor-view"],
      // Who the user is to the SWMS (author, reviewer, second reviewer) and its guards are checked by the step.
      // The QR sign-on of an accepted SWMS: edit or manage-review-and-signoff (decision 035, SWMS addendum).
      intents: {
        transition: { workflow: "swms", actionField: "action" },
        "sign-on-open": ["safety.swms.edit", "safety.swms.manage-review-and-signoff"],
        "sign-on-revoke": ["safety.swms.edit", "safety.swms.manage-review-and-signoff"],
      },
    },
    {
      // Its author or a reviewer, while the author has it: the route checks it.
      path: "/safety/swms/:id/edit",
      file: "routes/swms-edit.tsx",
      access: "project",
      permission: "safety.swms.edit",
    },
    {
      path: "/safety/swms/:id/files/:fileId",
      file: "routes/swms-file.ts",
      access: "project",
      permission: ["safety.swms.view", "safety.swms.subcontractor-view"],
    },
    {
      // A worker without an account signs on to an accepted SWMS through its QR link (`:id` the link's id).
      path: "/external/swms/:id/sign-on",
      file: "routes/external-swms-sign-on.tsx",
      access: "external",
    },
    // --- end SWMS ---
    // --- Permits to work and SDS (decision 034) ---
    {
      path: "/safety/permits",
      file: "routes/permit-register.tsx",
      access: "project",
      permission: "safety.permits.view",
    },
    {
      path: "/safety/permits/create",
      file: "routes/permit-create.tsx",
      access: "project",
      permission: "safety.permits.create",
    },
    {
      path: "/safety/permits/details/:id",
      file: "routes/permit-detail.tsx",
      access: "project",
      permission: "safety.permits.view",
      // Who the user is to the permit (creator, issuer, receiver, a manager) is checked by each step and save.
      intents: {
        transition: { workflow: "permit", actionField: "action" },
        checklist: "safety.permits.edit",
      },
    },
    {
      // Only its creator or a manager, while it is prepared: the route checks it.
      path: "/safety/permits/details/:id/edit",
      file: "routes/permit-edit.tsx",
      access: "project",
      permission: "safety.permits.edit",
    },
    {
      path: "/safety/sds",
      file: "routes/sds-register.tsx",
      access: "project",
      permission: "safety.sds.view",
    },
    {
      path: "/safety/sds/create",
      file: "routes/sds-create.tsx",
      access: "project",
      permission: "safety.sds.create",
    },
    {
      path: "/safety/sds/:id",
      file: "routes/sds-detail.tsx",
      access: "project",
      permission: "safety.sds.view",
      intents: { transition: { workflow: "sds", actionField: "action" } },
    },
    {
      // While it is filed (IN_PROGRESS): the route checks it.
      path: "/safety/sds/:id/edit",
      file: "routes/sds-edit.tsx",
      access: "project",
      permission: "safety.sds.edit",
    },
    {
      // A newer sheet of the product, while it is filed: checked by the upload itself.
      path: "/safety/sds/:id/files",
      file: "routes/sds-files.ts",
      access: "project",
      permission: "safety.sds.edit",
    },
    {
      path: "/safety/sds/:id/files/:fileId",
      file: "routes/sds-file.ts",
      access: "project",
      permission: "safety.sds.view",
    },
    // --- end permits to work and SDS ---
  ],
  nav: [
    {
      label: "safety:nav.home",
      path: "/safety/home",
      icon: "home",
      permission: [
        "safety.actions.view",
        "safety.incidents.view",
        "safety.observations.view",
        "safety.settings.view-settings",
        "safety.sds.view",
        "safety.permits.view",
      ],
    },
    {
      label: "safety:nav.actions",
      path: "/safety/actions",
      icon: "shield-check",
      permission: "safety.actions.view",
    },
    // --- settings nav
    {
      label: "safety:nav.settings",
      path: "/safety/setting",
      icon: "settings",
      permission: "safety.settings.view-settings",
    },
    // --- end of settings nav
    {
      label: "safety:nav.observations",
      path: "/safety/observation",
      icon: "eye",
      permission: "safety.observations.view",
    },
    {
      label: "safety:nav.enforcement",
      path: "/safety/enforcement",
      icon: "scan-line",
      permission: "safety.enforcement.view",
    },
    // --- Incidents ---
    {
      label: "safety:nav.incidents",
      path: "/safety/ims",
      icon: "alert-triangle",
      permission: "safety.incidents.view",
    },
    // --- end incidents ---
    // --- Audits and inspections ---
    {
      label: "safety:nav.audits",
      path: "/safety/audit",
      icon: "clipboard-check",
      permission: "safety.audits.view",
    },
    {
      label: "safety:nav.inspections",
      path: "/safety/inspection",
      icon: "search-check",
      permission: "safety.audits.view",
    },
    // --- end audits and inspections ---
    // --- Talks ---
    {
      label: "safety:nav.meetings",
      path: "/safety/meetings",
      icon: "users",
      permission: [...ANY_TALK_PERMISSION.view],
    },
    // --- end talks ---
    // --- SWMS ---
    {
      label: "safety:nav.swms",
      path: "/safety/swms",
      icon: "clipboard-list",
      permission: ["safety.swms.view", "safety.swms.subcontractor-view"],
    },
    // --- end SWMS ---
    // --- Permits to work and SDS ---
    {
      label: "safety:nav.permits",
      path: "/safety/permits",
      icon: "file-check",
      permission: "safety.permits.view",
    },
    {
      label: "safety:nav.sds",
      path: "/safety/sds",
      icon: "flask-conical",
      permission: "safety.sds.view",
    },
    // --- end permits to work and SDS ---
  ],
  settings: {
    /**
     * Who hears of an action's assignment, its due date, its overdue days and its closure (the
     * /safety/actions/notification page; also on the project's settings).
     */
    actionNotifications: z.object({
      assignedNotifyAssignee: z.boolean().default(true),
      assignedNotifyWatchers: z.boolean().default(false),
      dueNotifyAssignee: z.boolean().default(true),
      dueDaysBefore: z.number().int().min(0).max(30).default(1),
      overdueNotifyAssignee: z.boolean().default(true),
      overdueNotifyCreator: z.boolean().default(true),
      closedNotifyCreator: z.boolean().default(true),
      closedNotifyAssignee: z.boolean().default(true),
      closedNotifyWatchers: z.boolean().default(true),
    }),
    // --- settings: incident settings (spec 3 "Incident settings"), on /safety/setting and the project's settings
    /**
     * In/Out automatic sign-out: whether the people still signed in on site are signed out at a set time of
     * day (HH:mm, 24-hour, the project's time). In/Out (Operations) reads these when it exists.
     */
    incidentSettings: z.object({
      autoSignOutEnabled: z.boolean().default(false),
      autoSignOutTime: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "safety:setting.incident.invalidTime" })
        .default("18:00"),
    }),
    // --- end of settings: incident settings
    // --- Incidents ---
    /** Who hears of an incident raised, assigned to a SHE person, moved on, and closed (/safety/ims/notification). */
    incidentNotifications: z.object({
      raisedNotifyShe: z.boolean().default(true),
      raisedNotifyManagers: z.boolean().default(true),
      reassignedNotifyShe: z.boolean().default(true),
      stepNotifyReporter: z.boolean().default(true),
      stepNotifyShe: z.boolean().default(true),
      closedNotifyReporter: z.boolean().default(true),
      correctiveActionNotifyResponsible: z.boolean().default(true),
    }),
    // --- end incidents ---
    // --- Audits and inspections ---
    /** Who hears of a schedule, a submitted assessment, its review, and the completion (/safety/audit/notification-setting). */
    auditNotifications: z.object({
      scheduledNotifyAssignees: z.boolean().default(true),
      submittedNotifyLead: z.boolean().default(true),
      reviewedNotifyAssessor: z.boolean().default(true),
      completedNotifyResponsible: z.boolean().default(true),
    }),
    // --- end audits and inspections ---
    // --- SWMS ---
    /** Spec 6's four SWMS events (/safety/swms/notification): reviewers hear of the first three, the author of the sign-off. */
    swmsNotifications: z.object({
      highRiskCreated: z.boolean().default(true),
      initialReviewDone: z.boolean().default(true),
      nonHighRiskCreated: z.boolean().default(true),
      signOff: z.boolean().default(true),
    }),
    // --- end SWMS ---
  },
  server: () => import("./module.server"),
  provides: {
    // The In/Out automatic sign-out of the incident settings, read by Operation (decision 040).
    "in-out.sign-out-rule": () => import("./provides/in-out-sign-out.server"),
    // The enforcement scans of a plant item, shown on its page (decision 038).
    "enforcement.scans": () => import("./provides/enforcement-scans.server"),
    // The site diary's safety sections (incidents, observations, permits, talks, NCRs from enforcement).
    "site-diary.sections": () => import("./provides/site-diary.server"),
    // The safety card on the home view: open actions overdue and due soon.
    "home.widgets": () => import("./provides/home-widgets.server"),
    // Actions', observations', talks', SWMS, SDS, injured people's and audit reports' files on the attachment page.
    "attachments.owners": () => import("./provides/attachment-owners.server"),
  },
  /** The events this module passes to notify() and its project notification-settings pages (/notifications/settings). */
  notifications: {
    events: [
      { event: "incident-raised", label: "safety:notificationCentre.events.incident-raised" },
      { event: "incident-reassigned", label: "safety:notificationCentre.events.incident-reassigned" },
      { event: "incident-step", label: "safety:notificationCentre.events.incident-step" },
      { event: "incident-closed", label: "safety:notificationCentre.events.incident-closed" },
      { event: "action-assigned", label: "safety:notificationCentre.events.action-assigned" },
      { event: "action-closed", label: "safety:notificationCentre.events.action-closed" },
      { event: "action-due", label: "safety:notificationCentre.events.action-due" },
      { event: "action-overdue", label: "safety:notificationCentre.events.action-overdue" },
      { event: "audit-scheduled", label: "safety:notificationCentre.events.audit-scheduled" },
      { event: "assessment-submitted", label: "safety:notificationCentre.events.assessment-submitted" },
      { event: "assessment-reviewed", label: "safety:notificationCentre.events.assessment-reviewed" },
      { event: "audit-completed", label: "safety:notificationCentre.events.audit-completed" },
      { event: "observation-assigned", label: "safety:notificationCentre.events.observation-assigned" },
      { event: "observation-completed", label: "safety:notificationCentre.events.observation-completed" },
      { event: "observation-disputed", label: "safety:notificationCentre.events.observation-disputed" },
      { event: "swms-high-risk-created", label: "safety:notificationCentre.events.swms-high-risk-created" },
      {
        event: "swms-non-high-risk-created",
        label: "safety:notificationCentre.events.swms-non-high-risk-created",
      },
      {
        event: "swms-initial-review-done",
        label: "safety:notificationCentre.events.swms-initial-review-done",
      },
      { event: "swms-signed-off", label: "safety:notificationCentre.events.swms-signed-off" },
    ],
    settingsPages: [
      { label: "safety:notificationCentre.pages.actions", path: "/safety/actions/notification" },
      { label: "safety:notificationCentre.pages.incidents", path: "/safety/ims/notification" },
      { label: "safety:notificationCentre.pages.audits", path: "/safety/audit/notification-setting" },
      { label: "safety:notificationCentre.pages.swms", path: "/safety/swms/notification" },
    ],
  },
  workflows: {
    action: actionWorkflow.declaration,
    observation: observationWorkflow.declaration,
    incident: incidentWorkflow.declaration,
    auditSchedule: scheduleWorkflow.declaration,
    auditAssessment: assessmentWorkflow.declaration,
    swms: swmsWorkflow.declaration,
    permit: permitWorkflow.declaration,
    sds: sdsWorkflow.declaration,
  },
  permissions: {
    displayName: "HSSE",
    subModules: [
      {
        // update-status = work on the actions assigned to me; close = close, send back and re-open the
        // actions I created; reassign = a manager's right over every action (decision 028).
        name: "actions",
        displayName: "Actions",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "update-status",
          "close",
          "reassign",
          "view-notification-settings",
          "edit-notification-settings",
        ),
      },
      // --- settings sub-module: /safety/setting (spec 6 names view-settings and create-settings)
      {
        name: "settings",
        displayName: "Settings",
        actions: modifiableActions("view-settings", "create-settings"),
      },
      // --- end of settings sub-module
      {
        // update-status = put right the observations assigned to me; close = check (close, not approve)
        // those I raised; reassign = a manager's right over every observation (decision 031).
        name: "observations",
        displayName: "Observations",
        actions: modifiableActions("view", "create", "edit", "delete", "update-status", "close", "reassign"),
      },
      {
        // Spec 6 names HSSE enforcement. Scans are records: recorded, never edited.
        name: "enforcement",
        displayName: "Enforcement",
        actions: modifiableActions("view", "create"),
      },
      // --- Incidents ---
      {
        // update-status = move the incidents I report or evaluate on; close = a manager's sign-off;
        // reassign-incident = a manager's right over every incident (decision 030); lock-unlock freezes an
        // open incident, unlock-incident opens a closed one for a correction; view-/create-settings = the
        // incident reference lists.
        name: "incidents",
        displayName: "Incidents",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "update-status",
          "close",
          "lock-unlock",
          "unlock-incident",
          "reassign-incident",
          "view-notification-settings",
          "edit-notification-settings",
          "view-settings",
          "create-settings",
        ),
      },
      // --- end incidents ---
      // --- Audits and inspections (spec 6's audit and inspection codes; decision 036) ---
      {
        // audit_create / inspection_create, audit_edit_all / inspection_edit by kind; audit_edit_all is also
        // the audit manager's (reviews every schedule, cancels one); assessment_create = assess the locations
        // of the schedules I audit; assessment_approve_reject = review them as lead; safety_approve_she_audit
        // = complete the audits I lead.
        name: "audits",
        displayName: "SHE Audit and Inspection",
        actions: modifiableActions(
          "view",
          "audit_create",
          "inspection_create",
          "audit_edit_all",
          "inspection_edit",
          "inspection_delete",
          "criteria_create",
          "assessment_create",
          "assessment_approve_reject",
          "safety_approve_she_audit",
          "criteria_template_upload",
          "assessment_template_upload",
          "view-notification-settings",
          "audit_schedule_edit_notification_settings",
        ),
      },
      // --- end audits and inspections ---
      // --- Talks ---
      {
        // Pre-start talks are `pre-start-talk-*` in an AU project and `ptt-*` (pre-task talk) elsewhere: the
        // permission layer keeps only the project's region's (spec 6). Toolbox talks are named alike everywhere.
        name: "meeting",
        displayName: "Meetings",
        actions: modifiableActions(
          "ptt-view",
          "ptt-create",
          "ptt-edit",
          "ptt-delete",
          "pre-start-talk-view",
          "pre-start-talk-create",
          "pre-start-talk-edit",
          "pre-start-talk-delete",
          "toolbox-talk-view",
          "toolbox-talk-create",
          "toolbox-talk-edit",
          "toolbox-talk-delete",
        ),
      },
      // --- end talks ---
      // --- SWMS ---
      {
        // create = write or upload a SWMS and submit it; manage-review-and-signoff = the initial, final and
        // single reviews and the sign-off; subcontractor-view = see (and with create/edit, write) only the SWMS
        // of one's own company (decision 037).
        name: "swms",
        displayName: "SWMS",
        actions: [
          ...modifiableActions(
            "view",
            "create",
            "edit",
            "delete",
            "archive",
            "view-notification",
            "edit-notification",
            "subcontractor-view",
          ),
          {
            key: "manage-review-and-signoff",
            displayName: "Manage Review And Signoff",
            status: "modifiable" as const,
          },
        ],
      },
      // --- end SWMS ---
      // --- Permits to work and SDS (decision 034) ---
      {
        // update-status = submit a permit I prepare or receive; approve = sign it ACTIVE (or return it) as its
        // issuer; close = sign it closed; archive = a manager's right over every permit.
        name: "permits",
        displayName: "Permits",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "update-status",
          "approve",
          "close",
          "archive",
        ),
      },
      {
        // update-status = submit a sheet for review, or file a supplier's new issue; close = approve or return it.
        name: "sds",
        displayName: "SDS",
        actions: modifiableActions("view", "create", "edit", "delete", "update-status", "close"),
      },
      // --- end permits to work and SDS ---
    ],
  },
});

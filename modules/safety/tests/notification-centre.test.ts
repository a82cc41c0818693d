import { describe, expect, it } from "vitest";
import { notificationEvents } from "~/server/notifications/catalogue";
import type { SwmsEvent } from "../domain/swms-workflow";
import type { ActionEvent } from "../server/action-notifications.server";
import type { ActionReminderEvent } from "../server/action-reminders.server";
import type { AuditEvent } from "../server/audit-notifications.server";
import type { IncidentEvent } from "../server/incident-notifications.server";
import type { ObservationEvent } from "../server/observation-notifications.server";

type SentEvent =
  | IncidentEvent
  | ActionEvent
  | ActionReminderEvent
  | AuditEvent
  | ObservationEvent
  | `swms-${SwmsEvent}`;

/** Every event the safety helpers pass to notify(): the type makes a new event fail to compile until listed. */
const SENT: Record<SentEvent, true> = {
  "incident-raised": true,
  "incident-reassigned": true,
  "incident-step": true,
  "incident-closed": true,
  "action-assigned": true,
  "action-closed": true,
  "action-due": true,
  "action-overdue": true,
  "audit-scheduled": true,
  "assessment-submitted": true,
  "assessment-reviewed": true,
  "audit-completed": true,
  "observation-assigned": true,
  "observation-completed": true,
  "observation-disputed": true,
  "swms-high-risk-created": true,
  "swms-non-high-risk-created": true,
  "swms-initial-review-done": true,
  "swms-signed-off": true,
};

describe("safety events in the notifications centre", () => {
  it("declares every event it sends in its manifest, so users can choose and the inbox can filter", () => {
    const declared = notificationEvents().filter((entry) => entry.moduleId === "safety");
    expect(declared.map((entry) => entry.event).sort()).toEqual(Object.keys(SENT).sort());
  });
});

import { describe, expect, it } from "vitest";
import { notificationEvents } from "~/server/notifications/catalogue";
import { QUALITY_EVENT_NAMES } from "../domain/quality-notifications";

describe("quality events in the notifications centre", () => {
  it("declares every event it tells members of in its manifest, so users can choose and the inbox can filter", () => {
    const declared = notificationEvents().filter((entry) => entry.moduleId === "quality");
    expect(declared.map((entry) => entry.event).sort()).toEqual([...QUALITY_EVENT_NAMES].sort());
  });
});

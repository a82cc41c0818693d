import { describe, expect, it } from "vitest";
import { registry } from "~/server/registry";
import { DEFECT_TRANSITIONS } from "./defect-workflow";
import { POINT_TRANSITIONS } from "./inspection-point-workflow";
import { ITP_NOTIFICATION_EVENTS } from "./itp-workflow";
import { LOT_TRANSITIONS } from "./lot-workflow";
import {
  channelOf,
  DEFECT_ACTION_EVENTS,
  eventsOfForm,
  itpNotificationSettings,
  LOT_ACTION_EVENTS,
  lotNotificationSettings,
  POINT_ACTION_EVENTS,
  QUALITY_EVENT_NAMES,
  QUALITY_EVENTS,
  settingOf,
} from "./quality-notifications";

describe("who hears what in quality", () => {
  it("gives every event a setting in its form, defaulting to in the app and by e-mail", () => {
    expect(settingOf("lot-sent-to-qa")).toBe("lotSentToQa");
    expect(settingOf("itp-internal-approved-send-external")).toBe("itpInternalApprovedSendExternal");
    const lotDefaults = lotNotificationSettings.parse({});
    const itpDefaults = itpNotificationSettings.parse({});
    expect(Object.keys(lotDefaults)).toEqual(eventsOfForm("lotNotifications").map(settingOf));
    expect(Object.keys(itpDefaults)).toEqual(eventsOfForm("itpNotifications").map(settingOf));
    expect(new Set([...Object.values(lotDefaults), ...Object.values(itpDefaults)])).toEqual(
      new Set(["in-app-and-email"]),
    );
  });

  it("keeps spec 4's ITP events on the ITP page", () => {
    expect(eventsOfForm("itpNotifications")).toEqual([...ITP_NOTIFICATION_EVENTS]);
  });

  it("tells only holders of permissions the registry declares", () => {
    const keys = registry().permissionKeys;
    for (const event of QUALITY_EVENT_NAMES)
      for (const audience of QUALITY_EVENTS[event].to)
        if ("holdersOf" in audience)
          expect(keys.has(audience.holdersOf), `${event}: ${audience.holdersOf}`).toBe(true);
  });

  it("maps only steps the workflow tables have", () => {
    const actions = (rows: readonly { action: string }[]) => new Set(rows.map((row) => row.action));
    const lot = actions(LOT_TRANSITIONS);
    for (const action of Object.keys(LOT_ACTION_EVENTS)) expect(lot.has(action), action).toBe(true);
    const point = actions(POINT_TRANSITIONS);
    for (const action of Object.keys(POINT_ACTION_EVENTS)) expect(point.has(action), action).toBe(true);
    const defect = actions(DEFECT_TRANSITIONS);
    for (const action of Object.keys(DEFECT_ACTION_EVENTS)) expect(defect.has(action), action).toBe(true);
  });

  it("reads a stored channel, and the default for a missing or unknown one", () => {
    expect(channelOf("lot-closed", { lotClosed: "off" })).toBe("off");
    expect(channelOf("lot-closed", { lotClosed: "in-app" })).toBe("in-app");
    expect(channelOf("lot-closed", {})).toBe("in-app-and-email");
    expect(channelOf("lot-closed", { lotClosed: "fax" })).toBe("in-app-and-email");
  });
});

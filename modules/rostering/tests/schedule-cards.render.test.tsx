/**
 * The schedule cards page and a roster's card selects as a browser without JavaScript receives them: groups as
 * sections with their cards, the empty state, a refused delete's message in its own confirmation, and the
 * create form's day and night selects with the cards under their group.
 */
import { describe, expect, it } from "vitest";
import { message } from "~/app/utils/message-key";
import { renderRouteHtml } from "~/tests/setup/render";
import * as rosterCreate from "../routes/roster-create";
import * as scheduleCards from "../routes/schedule-cards";
import type { ScheduleCardsPage } from "../server/schedule-cards.server";

const GROUP = "3f0b3d52-8c1e-4d53-9a55-1b1e2f3a4b5c";
const CARD = "7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";
const can = {
  createGroup: true,
  editGroup: true,
  deleteGroup: true,
  createCard: true,
  editCard: true,
  deleteCard: true,
};

const page = (groups: ScheduleCardsPage["groups"]): ScheduleCardsPage => ({ groups, can });
const civil: ScheduleCardsPage["groups"][number] = {
  id: GROUP,
  name: "Civil works",
  description: "Deck and formwork crews.",
  values: { name: "Civil works", description: "Deck and formwork crews." },
  cards: [
    {
      id: CARD,
      name: "Night 10 h",
      kind: "night",
      times: "20:00–06:00",
      hours: 10,
      rosters: 2,
      values: { groupId: GROUP, name: "Night 10 h", kind: "night", startTime: "20:00", hours: "10" },
    },
  ],
};

const render = (data: ScheduleCardsPage, url = "/rostering/rostering/schedule-cards", actionData?: unknown) =>
  renderRouteHtml({
    route: scheduleCards,
    path: "/rostering/rostering/schedule-cards",
    url,
    loaderData: data,
    actionData,
  });

describe("the schedule cards page without JavaScript", () => {
  it("says there are no cards yet", async () => {
    const html = await render(page([]));
    expect(html).toContain("No schedule cards yet");
    expect(html).toContain("Add group");
  });

  it("lists each group's cards with their times and uses, and opens a new card's form for its group", async () => {
    const html = await render(page([civil]), `/rostering/rostering/schedule-cards?edit=new-card-${GROUP}`);
    expect(html).toContain("Civil works");
    expect(html).toContain("Night shift · 20:00–06:00 · 10 h");
    expect(html).toContain("used by 2 rosters");
    expect(html).toContain('name="intent" value="create-card"');
    expect(html).toContain(`name="groupId" value="${GROUP}"`);
    expect(html).toContain('type="time"');
  });

  it("shows a refused delete's message in that card's confirmation", async () => {
    const html = await render(page([civil]), "/rostering/rostering/schedule-cards", {
      status: "error",
      initialValue: { intent: "delete-card", cardId: CARD, confirmed: "on" },
      error: { "": [message("rostering:scheduleCards.messages.cardInUse", { count: 2 })] },
    });
    expect(html).toContain("This card is used by 2 rosters: choose another card on them first");
  });
});

describe("the roster create form's cards", () => {
  it("offers the project's cards of each kind under their group, and the settings' times first", async () => {
    const html = await renderRouteHtml({
      route: rosterCreate,
      path: "/rostering/rostering/roster-management/create",
      url: "/rostering/rostering/roster-management/create",
      loaderData: {
        kind: "single",
        people: [],
        crews: [],
        allocations: [],
        cards: {
          day: [{ label: "Civil works", options: [{ value: CARD, label: "Day 12 h (06:00–18:00)" }] }],
          night: [],
        },
        defaults: { startsOn: "2026-12-01", endsOn: "2026-12-28" },
      },
    });
    expect(html).toContain(
      '<optgroup label="Civil works"><option value="' + CARD + '">Day 12 h (06:00–18:00)</option></optgroup>',
    );
    expect(html).toContain("Rostering settings&#x27; times");
    expect(html).toContain('name="nightCardId"');
  });
});

import { describe, expect, it } from "vitest";
import {
  consecutiveRuns,
  firstOfNextMonth,
  mondayOf,
  nightsWithin,
  roomOccupancy,
  shiftDay,
  staysToBook,
} from "./accommodation-nights";
import { proposeLegs } from "./travel-legs";

describe("nights in rooms", () => {
  it("moves across months, years and leap days, and finds the week's Monday and the next month", () => {
    expect(shiftDay("2028-02-28", 1)).toBe("2028-02-29");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23"); // a Sunday
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(firstOfNextMonth("2026-12-15")).toBe("2027-01-01");
  });

  it("counts the nights of a stay inside a window, check-out day excluded", () => {
    const stay = { checkIn: "2026-11-28", checkOut: "2026-12-02" };
    expect(nightsWithin(stay, "2026-11-30", "2026-12-07")).toBe(2);
    expect(nightsWithin(stay, "2026-12-02", "2026-12-09")).toBe(0);
    expect(nightsWithin(stay, "2026-11-01", "2026-12-31")).toBe(4);
  });

  it("splits rostered days into runs and books only the nights not already booked", () => {
    expect(consecutiveRuns(["2026-12-03", "2026-12-01", "2026-12-02", "2026-12-02", "2026-12-05"])).toEqual([
      { first: "2026-12-01", last: "2026-12-03" },
      { first: "2026-12-05", last: "2026-12-05" },
    ]);
    expect(staysToBook(["2026-12-01", "2026-12-02", "2026-12-03"], new Set(["2026-12-02"]))).toEqual([
      { checkIn: "2026-12-01", checkOut: "2026-12-02" },
      { checkIn: "2026-12-03", checkOut: "2026-12-04" },
    ]);
    expect(staysToBook(["2026-12-01"], new Set(["2026-12-01"]))).toEqual([]);
  });

  it("marks a night with more bookings than beds as overbooked, and leaves empty nights out", () => {
    const rooms = [{ id: "r1", name: "1", beds: 1 }];
    const bookings = [
      { roomId: "r1", checkIn: "2026-12-01", checkOut: "2026-12-03" },
      { roomId: "r1", checkIn: "2026-12-02", checkOut: "2026-12-04" },
      { roomId: "r2", checkIn: "2026-12-01", checkOut: "2026-12-09" },
    ];
    expect(roomOccupancy(rooms, bookings, "2026-11-30", "2026-12-07").get("r1")).toEqual([
      { night: "2026-12-01", booked: 1, beds: 1, overbooked: false },
      { night: "2026-12-02", booked: 2, beds: 1, overbooked: true },
      { night: "2026-12-03", booked: 1, beds: 1, overbooked: false },
    ]);
  });
});

describe("travel legs from a roster", () => {
  it("proposes in the day before and out the day after each run, home to site and back, cut to the limit", () => {
    const legs = proposeLegs(
      { id: "p", homeLocation: " Perth " },
      ["2026-12-01", "2026-12-02"],
      "x".repeat(130),
      120,
    );
    expect(legs).toEqual([
      {
        personId: "p",
        direction: "in",
        travelOn: "2026-11-30",
        origin: "Perth",
        destination: "x".repeat(120),
      },
      {
        personId: "p",
        direction: "out",
        travelOn: "2026-12-03",
        origin: "x".repeat(120),
        destination: "Perth",
      },
    ]);
    expect(proposeLegs({ id: "p", homeLocation: null }, [], "Site", 120)).toEqual([]);
  });
});

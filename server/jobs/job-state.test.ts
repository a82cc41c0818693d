import { describe, expect, it } from "vitest";
import au from "~/app/locales/au/jobs.json";
import en from "~/app/locales/en/jobs.json";
import vi from "~/app/locales/vi/jobs.json";
import { clampProgress, jobProgress, jobState, jobStateLabelKeys } from "./job-state";

describe("jobState", () => {
  it("offers to generate when nothing was asked for yet", () => {
    expect(jobState(null)).toBe("generate");
    expect(jobState(undefined)).toBe("generate");
  });

  it("shows generating while queued or running", () => {
    expect(jobState({ status: "queued" })).toBe("generating");
    expect(jobState({ status: "running" })).toBe("generating");
  });

  it("offers to regenerate once done and shows the error when it failed", () => {
    expect(jobState({ status: "completed" })).toBe("regenerate");
    expect(jobState({ status: "failed" })).toBe("error");
  });
});

describe("jobProgress", () => {
  it("is 0 without a run, the reported figure while working and 100 once done", () => {
    expect(jobProgress(null)).toBe(0);
    expect(jobProgress({ status: "running", progress: 40 })).toBe(40);
    expect(jobProgress({ status: "completed", progress: 70 })).toBe(100);
    expect(jobProgress({ status: "failed", progress: 30 })).toBe(30);
  });

  it("keeps figures within 0–100 as whole numbers", () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(150)).toBe(100);
    expect(clampProgress(33.6)).toBe(34);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});

describe("job state labels", () => {
  it("has the spec's English texts", () => {
    expect(
      Object.values(jobStateLabelKeys).map((key) => key.split(".").reduce<any>((at, part) => at[part], en)),
    ).toEqual(["Generate", "Generating", "Regenerate", "Error"]);
    expect(en.linkGenerationFailed).toBe("Link generation failed. Please try again.");
  });

  it("has every key in every locale", () => {
    for (const bundle of [vi, au]) {
      expect(Object.keys(bundle.state).sort()).toEqual(Object.keys(en.state).sort());
      expect(bundle.linkGenerationFailed).toBeTruthy();
    }
  });
});

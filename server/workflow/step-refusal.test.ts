import { describe, expect, it } from "vitest";
import { refusedStepReply } from "./step-refusal.server";

/** A conform submission's reply, as the routes give it: the errors it was asked to carry. */
const submission = {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => ({
    status: "error" as const,
    error: { "": options?.formErrors ?? [], ...options?.fieldErrors },
  }),
};

const messages = {
  commentRequired: "m:comment",
  confirmRequired: "m:confirm",
  notAllowed: "m:stale",
  custom: { "open-ncrs": "m:open-ncrs" },
};

async function answer(refusal: Parameters<typeof refusedStepReply<"open-ncrs" | "other">>[1], lead?: string) {
  const reply = refusedStepReply(submission, refusal, { ...messages, lead });
  return { status: reply.init?.status, error: reply.data.error };
}

describe("refusedStepReply", () => {
  it("throws 404 for a record gone and 403 for a missing permission or the wrong party", () => {
    const statusOf = (reason: "not-found" | "missing-permission" | "not-party") => {
      try {
        refusedStepReply<"open-ncrs">(submission, { reason }, messages);
      } catch (thrown) {
        return (thrown as Response).status;
      }
      return null;
    };
    expect(statusOf("not-found")).toBe(404);
    expect(statusOf("missing-permission")).toBe(403);
    expect(statusOf("not-party")).toBe(403);
  });

  it("puts a missing reason or confirmation on its field, with a 400", async () => {
    expect(await answer({ reason: "comment-required" })).toEqual({
      status: 400,
      error: { "": ["m:comment"], comment: ["m:comment"] },
    });
    expect(await answer({ reason: "unconfirmed" }, "m:lead")).toEqual({
      status: 400,
      error: { "": ["m:lead", "m:confirm"], confirmed: ["m:confirm"] },
    });
  });

  it("answers a stale state, a guard and the caller's own refusals with a 409 form error", async () => {
    expect(await answer({ reason: "not-allowed-from-state" })).toEqual({
      status: 409,
      error: { "": ["m:stale"] },
    });
    expect(await answer({ reason: "open-ncrs" })).toEqual({ status: 409, error: { "": ["m:open-ncrs"] } });
    // A refusal of the caller's with no message of its own reads as a stale state.
    expect(await answer({ reason: "other" })).toEqual({ status: 409, error: { "": ["m:stale"] } });
    expect(
      await answer({ reason: "guard-refused", block: { message: "m:held", params: { point: "3.2" } } }),
    ).toEqual({ status: 409, error: { "": ["m:held?point=3.2"] } });
    expect(await answer({ reason: "guard-refused", block: null })).toEqual({
      status: 409,
      error: { "": ["m:stale"] },
    });
  });
});

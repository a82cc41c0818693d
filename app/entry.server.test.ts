import { describe, expect, it } from "vitest";
import { handleDataRequest } from "./entry.server";

const dataRequest = (cookie?: string) =>
  new Request("http://localhost:3000/quality/lot.data", { headers: cookie ? { Cookie: cookie } : {} });

describe("data answers (single fetch)", () => {
  it("are private to a signed-in request, sent whole with their length", async () => {
    const answer = await handleDataRequest(
      new Response("[1,2,3]", { headers: { "X-Remix-Response": "yes" } }),
      {
        request: dataRequest("__session=abc.def"),
      },
    );
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("Content-Length")).toBe("7");
    expect(answer.headers.get("X-Remix-Response")).toBe("yes");
    expect(await answer.text()).toBe("[1,2,3]");

    const empty = await handleDataRequest(new Response(null, { status: 204 }), {
      request: dataRequest("__session=abc.def"),
    });
    expect(empty.status).toBe(204);
    expect(empty.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keep their own caching without a session", async () => {
    const answer = await handleDataRequest(new Response("[]"), { request: dataRequest() });
    expect(answer.headers.get("Cache-Control")).toBeNull();
  });
});

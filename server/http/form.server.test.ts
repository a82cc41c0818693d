import { describe, expect, it } from "vitest";
import { readForm } from "./form.server";
import { FORM_MAX_BYTES } from "./form-check";

const URL_ENCODED = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, contentType: string | null, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost:3000/quality/lot/create", {
    method: "POST",
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  if (contentType === null) request.headers.delete("Content-Type");
  else request.headers.set("Content-Type", contentType);
  return request;
}

/** The refusal readForm throws: its status and the text the user reads. */
async function refusal(request: Request) {
  const thrown = await readForm(request).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, text: await response.text() };
}

describe("readForm", () => {
  it("reads a url-encoded form and a multipart one, once per request", async () => {
    const request = post(new URLSearchParams({ title: "Deck pour", note: "Cầu Thủ Thiêm 👷" }), URL_ENCODED);
    const form = await readForm(request);
    expect(Object.fromEntries(form)).toEqual({ title: "Deck pour", note: "Cầu Thủ Thiêm 👷" });
    expect(await readForm(request)).toBe(form);

    const multipart = new FormData();
    multipart.append("title", "Pier cap");
    const fromMultipart = await readForm(
      new Request("http://localhost/", { method: "POST", body: multipart }),
    );
    expect(fromMultipart.get("title")).toBe("Pier cap");
  });

  it("refuses a body that is not a form (JSON, plain text, none declared) with a 400 in the user's language", async () => {
    const json = JSON.stringify({ title: "Deck pour" });
    expect(await refusal(post(json, "application/json"))).toEqual({
      status: 400,
      text: "This request is not a form. Please send the form from its page again.",
    });
    expect((await refusal(post("title=Deck", "text/plain"))).status).toBe(400);
    expect((await refusal(post("title=Deck", null))).status).toBe(400);
    expect(await refusal(post(json, "application/json", { "Accept-Language": "vi" }))).toEqual({
      status: 400,
      text: "Yêu cầu này không phải là biểu mẫu. Vui lòng gửi lại biểu mẫu từ trang của nó.",
    });
  });

  it("refuses a multipart body that was cut off or has another boundary", async () => {
    const form = new FormData();
    form.append("title", "Deck pour");
    const whole = new Request("http://localhost/", { method: "POST", body: form });
    const contentType = whole.headers.get("Content-Type")!;
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(await refusal(post(bytes.slice(0, bytes.length / 2), contentType))).toEqual({
      status: 400,
      text: "The form arrived incomplete or damaged. Please send it again.",
    });
    expect((await refusal(post(bytes, "multipart/form-data; boundary=another"))).status).toBe(400);
  });

  it("refuses a NUL in a value or a name, which no text column can store", async () => {
    const nul = await refusal(post(new URLSearchParams({ title: "Deck\u0000pour" }), URL_ENCODED));
    expect(nul).toEqual({
      status: 400,
      text: "The form contains a character that cannot be saved (NUL). Remove it and send the form again.",
    });
    expect((await refusal(post("ti%00tle=Deck", URL_ENCODED))).status).toBe(400);
  });

  it("refuses conform's reserved fields when conform could not read them, and passes its list buttons", async () => {
    for (const intent of ["garbage", "{}", "null", '{"type":"insert","payload":{"name":"title"}}'])
      expect(
        await refusal(post(new URLSearchParams({ title: "Deck", __intent__: intent }), URL_ENCODED)),
      ).toEqual({
        status: 400,
        text: "The form's buttons sent something that could not be read. Reload the page and try again.",
      });
    expect((await refusal(post(new URLSearchParams({ __state__: "garbage" }), URL_ENCODED))).status).toBe(
      400,
    );

    const insert = new URLSearchParams({
      "items[0].activity": "Set out",
      __intent__: '{"type":"insert","payload":{"name":"items"}}',
    });
    expect((await readForm(post(insert, URL_ENCODED))).get("__intent__")).toContain("insert");
  });

  it("refuses a form over the limit with a 413, counted while reading even without a declared length", async () => {
    const big = `title=${"x".repeat(FORM_MAX_BYTES)}`;
    expect(await refusal(post(big, URL_ENCODED))).toEqual({
      status: 413,
      text: "The form is too large (more than 10 MB).",
    });
    let sent = 0;
    const chunk = new TextEncoder().encode("x".repeat(1024 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    expect((await refusal(post(endless, URL_ENCODED))).status).toBe(413);
    expect(sent).toBeLessThan(FORM_MAX_BYTES + 4 * chunk.length);
  });
});

/** Reading request bodies: streamed size cap, JSON media type, NUL characters. */
import { describe, expect, it } from "vitest";
import { BodyError, findNul, isJsonMediaType, readJsonBody } from "@/lib/http/body";

const request = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function problem(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BodyError);
  return (error as BodyError).problem;
}

describe("request bodies", () => {
  it("accepts application/json, with parameters, and nothing else", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonMediaType("text/plain;application/json")).toBe(false);
    expect(isJsonMediaType("application/json-patch+json")).toBe(false);
    expect(isJsonMediaType(null)).toBe(false);
  });

  it("refuses a body without a media type only when asked to", async () => {
    // Bytes, not a string: a string body would get text/plain from the Request constructor.
    const bytes = () => new TextEncoder().encode('{"a":1}');
    expect(await readJsonBody(request(bytes()), { maxBytes: 100 })).toEqual({ a: 1 });
    expect(await problem(readJsonBody(request(bytes()), { maxBytes: 100, requireMediaType: true }))).toEqual({ kind: "unsupported_media_type" });
    expect(await problem(readJsonBody(request('{"a":1}'), { maxBytes: 100 }))).toEqual({ kind: "unsupported_media_type" });
    expect(await readJsonBody(request(null), { maxBytes: 100, requireMediaType: true, emptyValue: {} })).toEqual({});
  });

  it("stops reading once the cap is passed, without a length announced", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const result = await problem(readJsonBody(request(endless, { "content-type": "application/json" }), { maxBytes: 256 * 1024 }));
    expect(result).toEqual({ kind: "too_large", maxBytes: 256 * 1024 });
    expect(pulled).toBeLessThan(10);
    // An announced length over the cap is refused before reading anything.
    expect(await problem(readJsonBody(request("{}", { "content-type": "application/json", "content-length": "999999" }), { maxBytes: 10 }))).toEqual({
      kind: "too_large",
      maxBytes: 10,
    });
  });

  it("finds NUL characters in keys and values, however deep", async () => {
    expect(findNul({ a: ["ok", { b: "x\u0000" }] })).toBe("a[1].b");
    expect(findNul({ ["k\u0000"]: 1 })).toBe("k\u0000");
    expect(findNul({ a: "fine" })).toBeNull();
    expect(await problem(readJsonBody(request('{"name":"a\\u0000b"}', { "content-type": "application/json" }), { maxBytes: 100 }))).toEqual({
      kind: "nul",
      path: "name",
    });
  });

  it("says what is wrong with text that is not JSON", async () => {
    expect(await problem(readJsonBody(request("{nope", { "content-type": "application/json" }), { maxBytes: 100 }))).toMatchObject({ kind: "not_json" });
    expect(await problem(readJsonBody(request(new Uint8Array([0xff, 0xfe]), { "content-type": "application/json" }), { maxBytes: 100 }))).toMatchObject({
      kind: "not_json",
    });
  });
});

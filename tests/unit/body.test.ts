/** Reading request bodies: streamed size cap, JSON media type, NUL characters. */
import { describe, expect, it } from "vitest";
import { BodyError, findNul, isJsonMediaType, jsonNestsDeeperThan, MAX_JSON_DEPTH, readJsonBody } from "@/lib/http/body";

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

  it("refuses JSON nested deeper than the limit before parsing it, and finds NUL at any depth without recursion", async () => {
    const json = { "content-type": "application/json" };
    const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);
    // 20,000 brackets once overflowed the stack of the NUL check: a 500 for anyone who sent them.
    expect(await problem(readJsonBody(request(nested(20_000), json), { maxBytes: 100_000 }))).toEqual({ kind: "too_deep", maxDepth: MAX_JSON_DEPTH });
    expect(await problem(readJsonBody(request('{"a":' + nested(MAX_JSON_DEPTH), json), { maxBytes: 100_000 }))).toMatchObject({ kind: "too_deep" });
    expect(await readJsonBody(request(nested(MAX_JSON_DEPTH), json), { maxBytes: 100_000 })).toBeTruthy();
    // Brackets inside strings, escaped quotes included, are text, not nesting.
    const text = '{"a":"' + "[{".repeat(500) + '\\"' + "[".repeat(100) + '"}';
    expect(jsonNestsDeeperThan(text, 2)).toBe(false);
    expect(await readJsonBody(request(text, json), { maxBytes: 100_000 })).toMatchObject({ a: expect.any(String) });
    // A value built in code can be deeper than any body: the NUL check still walks it.
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findNul(deep)).toBe("[0]".repeat(20_000));
    expect(findNul({ a: "ok", b: ["fine", "y\u0000"], c: "z\u0000" })).toBe("b[1]");
  });
});

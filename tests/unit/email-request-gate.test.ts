/**
 * How long an anonymous email request (POST /recover, /resend) waits before it answers: at least
 * twice as long as the slowest of the last sends, so an answer that sent an email leaves with one
 * that found nobody even when a few sends run several times slower than most (a busy machine, a
 * slow SMTP server), and never more than five seconds.
 */
import { describe, expect, it } from "vitest";
import { EmailRequestGate } from "@/lib/auth-server/email-requests";

describe("EmailRequestGate.answerAfterMs", () => {
  it("waits 250 ms before any send has been timed", () => {
    expect(new EmailRequestGate().answerAfterMs()).toBe(250);
  });

  it("outlasts a send as slow as the slowest of the recent ones, fast ones around it", () => {
    const gate = new EmailRequestGate();
    for (const ms of [30, 35, 180, 30, 32, 31, 29, 33, 30]) gate.recordSend(ms);
    // Twice the median (62 ms) would answer an unknown address well before a 180 ms send ends.
    expect(gate.answerAfterMs()).toBe(360);
  });

  it("follows the last nine sends only, so one slow send stops holding answers back", () => {
    const gate = new EmailRequestGate();
    gate.recordSend(900);
    for (let i = 0; i < 9; i++) gate.recordSend(40);
    expect(gate.answerAfterMs()).toBe(80);
  });

  it("never waits more than five seconds", () => {
    const gate = new EmailRequestGate();
    gate.recordSend(30_000);
    expect(gate.answerAfterMs()).toBe(5_000);
  });
});

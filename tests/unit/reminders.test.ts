/**
 * What a reminder says and when it may go: words due and a streak at risk (only while today's
 * goal is unmet), the window from the learner's time to quiet hours in their zone, and the email
 * in their language with one-click unsubscribe headers and links.
 */
import { describe, expect, it } from "vitest";
import { composeReminderEmail } from "@/lib/reminders/email";
import { localMinutes, reminderNews, reminderWindowOpen } from "@/lib/reminders/rules";

const links = { origin: "https://lingo.example", token: "0b0e6c2e-7d3a-4c55-9a51-1f5c7f1d2a10" };

describe("a reminder's news", () => {
  it("is words due, and the streak only while today's goal is unmet; nothing to say is no reminder", () => {
    expect(reminderNews({ dueCount: 3, streak: 5, goalMet: false })).toEqual({ dueCount: 3, streak: 5 });
    expect(reminderNews({ dueCount: 3, streak: 5, goalMet: true })).toEqual({ dueCount: 3, streak: 0 });
    expect(reminderNews({ dueCount: 0, streak: 5, goalMet: false })).toEqual({ dueCount: 0, streak: 5 });
    expect(reminderNews({ dueCount: 0, streak: 5, goalMet: true })).toBeNull();
    expect(reminderNews({ dueCount: 0, streak: 0, goalMet: false })).toBeNull();
  });
});

describe("the reminder window", () => {
  it("reads the wall clock in the learner's zone", () => {
    const now = new Date("2026-01-15T10:30:00Z");
    expect(localMinutes(now, "Asia/Tokyo")).toBe(19 * 60 + 30);
    expect(localMinutes(now, "America/Los_Angeles")).toBe(2 * 60 + 30);
    expect(localMinutes(now, "UTC")).toBe(10 * 60 + 30);
  });

  it("opens at the reminder time and closes at quiet hours (22:00)", () => {
    expect(reminderWindowOpen(18 * 60 + 59, "19:00")).toBe(false);
    expect(reminderWindowOpen(19 * 60, "19:00")).toBe(true);
    expect(reminderWindowOpen(21 * 60 + 59, "19:00:00")).toBe(true);
    expect(reminderWindowOpen(22 * 60, "19:00")).toBe(false);
    expect(reminderWindowOpen(23 * 60, "08:00")).toBe(false);
  });
});

describe("the reminder email", () => {
  it("says what is due and leads to the review, with one-click unsubscribe headers and links to settings and the unsubscribe page", async () => {
    const mail = await composeReminderEmail({ to: "a@example.com", firstName: "Ana", news: { dueCount: 2, streak: 6 }, links });
    expect(mail.subject).toBe("2 words are due for review");
    expect(mail.text).toContain("Hi Ana,");
    expect(mail.text).toContain("2 words are due for review. A few minutes now keeps them fresh.");
    expect(mail.text).toContain("Keep your 6-day streak: today's goal isn't met yet.");
    expect(mail.text).toContain("Review now: https://lingo.example/review");
    expect(mail.text).toContain("Reminder settings: https://lingo.example/settings");
    expect(mail.text).toContain(`Unsubscribe from reminder emails: https://lingo.example/unsubscribe?token=${links.token}`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<https://lingo.example/api/reminders/unsubscribe?token=${links.token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.html).toContain(`href="https://lingo.example/unsubscribe?token=${links.token}"`);
  });

  it("speaks of the streak alone when nothing is due, and in the learner's language with its plural rules", async () => {
    const streak = await composeReminderEmail({ to: "a@example.com", news: { dueCount: 0, streak: 1 }, links });
    expect(streak.subject).toBe("Keep your 1-day streak");
    expect(streak.text).toContain("Keep learning: https://lingo.example/home");
    expect((await composeReminderEmail({ to: "a@example.com", locale: "de", news: { dueCount: 1, streak: 0 }, links })).subject).toBe(
      "1 Wort ist zur Wiederholung fällig",
    );
    expect((await composeReminderEmail({ to: "a@example.com", locale: "ja", news: { dueCount: 12, streak: 0 }, links })).subject).toBe(
      "復習する単語が 12 語あります",
    );
  });

  it("as a test, says so, and says when there would be nothing to send today", async () => {
    const test = await composeReminderEmail({ to: "a@example.com", news: null, links, test: true });
    expect(test.kind).toBe("reminder_test");
    expect(test.subject).toBe("Test reminder from LingoReel");
    expect(test.text).toContain("Right now nothing is due and today's goal is met, so today you would get no reminder.");
  });
});

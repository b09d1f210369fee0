import { describe, expect, it } from "vitest";
import { MediaClock } from "@/lib/player/clock";
import {
  activeCaption,
  captionForWord,
  catchUpLineIds,
  highlightWindow,
  lineHoldSeek,
  linePause,
  quizToTrigger,
  quizTriggerTime,
  wordMatchesCaption,
  vocabularyTimingIndexes,
  wordState,
} from "@/lib/player/timing";

const captions = [
  { id: 1, startTime: 700, endTime: 5485 },
  { id: 2, startTime: 6000, endTime: 9000 },
];

describe("captions", () => {
  it("the active caption spans the current time", () => {
    expect(activeCaption(captions, 699)).toBeUndefined();
    expect(activeCaption(captions, 700)?.id).toBe(1);
    expect(activeCaption(captions, 5485)?.id).toBe(1);
    expect(activeCaption(captions, 5700)).toBeUndefined();
    expect(activeCaption(captions, 6500)?.id).toBe(2);
  });

  it("matches a word to a caption from 500 ms before to 20 s after the caption's start", () => {
    expect(wordMatchesCaption(500, 1000)).toBe(true);
    expect(wordMatchesCaption(499, 1000)).toBe(false);
    expect(wordMatchesCaption(21_000, 1000)).toBe(true);
    expect(wordMatchesCaption(21_001, 1000)).toBe(false);
    expect(captionForWord(captions, 5600)?.id).toBe(2);
    expect(captionForWord(captions, 2968)?.id).toBe(1);
    expect(captionForWord(captions, 100)).toBeUndefined();
  });

  it("lights the caption word that says a vocabulary word, also when it says more or less than the word", () => {
    const lit = (vocabulary: { word: string; timestamp: number }, said: { word: string; start: number }[], language: string) =>
      [...vocabularyTimingIndexes([vocabulary], said, language)];
    expect(lit({ word: "leche", timestamp: 31_000 }, [{ word: "¿Leche,", start: 31_000 }], "es")).toEqual([0]);
    // Demo content and the segment editor: the same word within a second.
    expect(lit({ word: "café", timestamp: 2968 }, [{ word: "café.", start: 3500 }], "es")).toEqual([0]);
    expect(lit({ word: "café", timestamp: 2968 }, [{ word: "café", start: 5000 }], "es")).toEqual([]);
    // The recogniser's word carries an elision; a Japanese word heard as two pieces.
    expect(lit({ word: "eau", timestamp: 3000 }, [{ word: "l'eau,", start: 3000 }], "fr")).toEqual([0]);
    expect(lit({ word: "コーヒー", timestamp: 2000 }, [{ word: "コー", start: 2000 }, { word: "ヒー", start: 2300 }], "ja")).toEqual([0, 1]);
    // Another word starting at the same time (the line's start, where a word with no timing is put) stays plain.
    expect(lit({ word: "mercado", timestamp: 0 }, [{ word: "Buenos", start: 0 }], "es")).toEqual([]);
  });

  it("lights every piece of a vocabulary word heard in pieces, and no piece after it", () => {
    // 私はコーヒーを飲みます: the recogniser hears 飲みます as three pieces.
    const said = ["私", "は", "コー", "ヒー", "を", "飲", "み", "ます", "。"].map((word, i) => ({ word, start: i * 300 }));
    const lit = (vocabulary: { word: string; timestamp: number }[]) => [...vocabularyTimingIndexes(vocabulary, said, "ja")].sort((a, b) => a - b);
    expect(lit([{ word: "飲みます", timestamp: 1500 }])).toEqual([5, 6, 7]);
    expect(lit([{ word: "コーヒー", timestamp: 600 }])).toEqual([2, 3]);
    expect(lit([{ word: "コーヒー", timestamp: 600 }, { word: "飲みます", timestamp: 1500 }])).toEqual([2, 3, 5, 6, 7]);
    // Stops where the word ends (飲み, not ます); a word the pieces do not spell lights nothing, as processing times nothing for it.
    expect(lit([{ word: "飲み", timestamp: 1500 }])).toEqual([5, 6]);
    expect(lit([{ word: "飲もう", timestamp: 1500 }])).toEqual([]);
    // Words heard whole light alone, as before.
    expect([...vocabularyTimingIndexes([{ word: "eau", timestamp: 300 }], [{ word: "Je", start: 0 }, { word: "l'eau", start: 300 }, { word: "bois", start: 600 }], "fr")]).toEqual([1]);
  });
});

describe("word highlighting", () => {
  const word = { start: 2968, end: 3450 };

  it("opens 200 ms before the start; a word with no end lasts 200 ms", () => {
    expect(highlightWindow(word)).toEqual({ from: 2768, to: 3450 });
    expect(highlightWindow({ start: 1000, end: null })).toEqual({ from: 800, to: 1200 });
  });

  it("goes upcoming, speaking, spoken; a vocabulary word stays highlighted once spoken", () => {
    const plain = { vocabulary: false, quizShowing: false };
    const vocab = { vocabulary: true, quizShowing: false };
    expect(wordState(word, 2767, plain)).toBe("upcoming");
    expect(wordState(word, 2768, plain)).toBe("speaking");
    expect(wordState(word, 3450, plain)).toBe("speaking");
    expect(wordState(word, 3451, plain)).toBe("spoken");
    expect(wordState(word, 3000, vocab)).toBe("speaking");
    expect(wordState(word, 3451, vocab)).toBe("highlighted");
    expect(wordState(word, 60_000, vocab)).toBe("highlighted");
  });

  it("while a quiz shows, other words take the spoken style", () => {
    expect(wordState(word, 1000, { vocabulary: false, quizShowing: true })).toBe("spoken");
    expect(wordState(word, 3000, { vocabulary: false, quizShowing: true })).toBe("spoken");
    expect(wordState(word, 3600, { vocabulary: true, quizShowing: true })).toBe("highlighted");
  });
});

describe("quiz triggers", () => {
  const words = [
    { id: 1, timestamp: 2968, quizTime: 5935 },
    { id: 2, timestamp: "9556", quizTime: null },
    { id: 3, timestamp: 20_000 },
  ];

  it("open at quizTime (else timestamp) minus 350 ms, for 0.5 s", () => {
    expect(quizTriggerTime(words[0]!)).toBe(5585);
    expect(quizTriggerTime(words[1]!)).toBe(9206);
    const none = new Set<number>();
    expect(quizToTrigger(words, 5400, 5584, none)).toBeUndefined();
    expect(quizToTrigger(words, 5400, 5585, none)).toEqual({ word: words[0], catchUp: false });
    expect(quizToTrigger(words, 5900, 6084, none)?.word.id).toBe(1);
    expect(quizToTrigger(words, 5900, 6085, none)).toBeUndefined();
  });

  it("open also when one slow frame of playback passes over the whole window", () => {
    expect(quizToTrigger(words, 5500, 6200, new Set())?.word.id).toBe(1);
    expect(quizToTrigger(words, 5600, 6200, new Set())).toBeUndefined();
  });

  it("trigger each word once per visit", () => {
    expect(quizToTrigger(words, 5400, 5600, new Set([1]))).toBeUndefined();
  });

  it("after a forward jump of more than 1 s, the first skipped quiz triggers as catch-up", () => {
    expect(quizToTrigger(words, 1000, 15_000, new Set())).toEqual({ word: words[0], catchUp: true });
    expect(quizToTrigger(words, 1000, 15_000, new Set([1]))).toEqual({ word: words[1], catchUp: true });
    // A jump of exactly 1 s is ordinary playback, and a backward jump catches nothing up.
    expect(quizToTrigger(words, 4500, 5500, new Set())).toBeUndefined();
    expect(quizToTrigger(words, 15_000, 1000, new Set())).toBeUndefined();
  });
});

describe("catch-up after a jump", () => {
  const lines = [
    { id: 10, startTime: 700, endTime: 5485 },
    { id: 11, startTime: 6000, endTime: 9000 },
    { id: 12, startTime: 9500, endTime: 14_000 },
    { id: 13, startTime: 14_500, endTime: 19_000 },
  ];
  const words = [
    { id: 1, timestamp: 2968, quizTime: 5935, line: 10 },
    { id: 2, timestamp: 8000, quizTime: 9200, line: 11 },
    { id: 3, timestamp: 13_000, quizTime: 14_200, line: 12 },
  ];
  const context = { lines, lineOf: (w: { id: number }) => words.find((x) => x.id === w.id)?.line };

  it("the lines a catch-up may ask about are the one shown and the one before it, or between lines the one just ended", () => {
    expect([...catchUpLineIds(lines, 7000)].sort()).toEqual([10, 11]);
    expect([...catchUpLineIds(lines, 9200)]).toEqual([11]);
    expect([...catchUpLineIds(lines, 1000)]).toEqual([10]);
    expect([...catchUpLineIds(lines, 100)]).toEqual([]);
  });

  it("asks about a word of the line shown or the one before it, never about a line jumped over", () => {
    // From the start to line 13: line 10's and 11's words were jumped over; line 12's is the line before.
    expect(quizToTrigger(words, 1000, 15_000, new Set(), context)).toEqual({ word: words[2], catchUp: true });
    // From the start to line 12: line 11's word is of the line before it, line 10's was jumped over.
    expect(quizToTrigger(words, 1000, 10_000, new Set(), context)).toEqual({ word: words[1], catchUp: true });
    // Two lines ahead, into a line with no word of its own and a skipped line before: nothing.
    expect(quizToTrigger(words.slice(0, 1), 1000, 15_000, new Set(), context)).toBeUndefined();
    // Without the lines, any skipped word (the rule before lines were known).
    expect(quizToTrigger(words, 1000, 15_000, new Set())).toEqual({ word: words[0], catchUp: true });
  });
});

describe("quiz pacing", () => {
  const words = [
    { id: 1, timestamp: 0, quizTime: 5000 },
    { id: 2, timestamp: 0, quizTime: 9000 },
    { id: 3, timestamp: 0, quizTime: 21_000 },
  ];
  const at = (w: { quizTime: number }) => w.quizTime - 350;

  it("every word quizzes at its time by default", () => {
    expect(quizToTrigger(words, at(words[1]!) - 10, at(words[1]!), new Set([1]), { pacing: { mode: "every" }, lastQuizAt: at(words[0]!) })?.word.id).toBe(2);
  });

  it("at most one every N seconds leaves out a word due too soon after the last quiz", () => {
    const pacing = { mode: "spaced" as const, gapMs: 10_000 };
    expect(quizToTrigger(words, at(words[0]!) - 10, at(words[0]!), new Set(), { pacing, lastQuizAt: null })?.word.id).toBe(1);
    // 4 s after the first quiz: left out, and not caught up later.
    expect(quizToTrigger(words, at(words[1]!) - 10, at(words[1]!), new Set([1]), { pacing, lastQuizAt: at(words[0]!) })).toBeUndefined();
    expect(quizToTrigger(words, at(words[1]!) + 100, at(words[1]!) + 200, new Set([1]), { pacing, lastQuizAt: at(words[0]!) })).toBeUndefined();
    // 16 s after: asked.
    expect(quizToTrigger(words, at(words[2]!) - 10, at(words[2]!), new Set([1]), { pacing, lastQuizAt: at(words[0]!) })?.word.id).toBe(3);
    // A catch-up obeys the pacing too.
    expect(quizToTrigger(words, 6000, 20_800, new Set([1]), { pacing, lastQuizAt: at(words[0]!) })?.word.id).toBe(3);
  });

  it("off asks nothing, not even a catch-up", () => {
    expect(quizToTrigger(words, at(words[0]!) - 10, at(words[0]!), new Set(), { pacing: { mode: "off" } })).toBeUndefined();
    expect(quizToTrigger(words, 0, 30_000, new Set(), { pacing: { mode: "off" } })).toBeUndefined();
  });
});

describe("pause after each line", () => {
  const lines = [
    { id: 1, startTime: 700, endTime: 5485 },
    { id: 2, startTime: 6000, endTime: 9000 },
  ];

  it("pauses just before the line ends, where the line is still the one shown", () => {
    const stop = linePause(lines, 5400, 5430);
    expect(stop?.line.id).toBe(1);
    expect(activeCaption(lines, stop!.holdAt)?.id).toBe(1);
    expect(linePause(lines, 5300, 5400)).toBeUndefined();
  });

  it("holds the line on screen when a slow frame carried the time past its end", () => {
    const stop = linePause(lines, 5400, 5600);
    expect(stop).toEqual({ line: lines[0], holdAt: 5484 });
    expect(activeCaption(lines, stop!.holdAt)?.id).toBe(1);
    // Set in seconds and read back, the hold is still inside the line.
    expect(activeCaption(lines, (stop!.holdAt / 1000) * 1000)?.id).toBe(1);
  });

  it("seeks back only when the media, paused, went on past the line's end", () => {
    const stop = linePause(lines, 5400, 5440)!;
    expect(stop.holdAt).toBe(5440);
    // Paused a little later, the line still shown: left where it is.
    expect(lineHoldSeek(lines, stop, 5470)).toBeUndefined();
    // The frame rendered slowly and the media played on past 5485: back to where the pause was decided.
    expect(lineHoldSeek(lines, stop, 5520)).toBe(5440);
    expect(activeCaption(lines, 5520)).toBeUndefined();
  });

  it("does not pause on a jump or going back", () => {
    expect(linePause(lines, 1000, 7000)).toBeUndefined();
    expect(linePause(lines, 5600, 5400)).toBeUndefined();
  });
});

describe("media clock", () => {
  function fakeClock() {
    let now = 1000;
    const clock = new MediaClock(() => now);
    return { clock, advance: (ms: number) => (now += ms) };
  }

  it("interpolates between samples while playing, and stands still when paused", () => {
    const { clock, advance } = fakeClock();
    clock.update({ mediaMs: 5000, playing: true, rate: 1 });
    advance(150);
    expect(clock.time()).toBe(5150);
    clock.setPlaying(false);
    advance(1000);
    expect(clock.time()).toBe(5150);
    clock.setPlaying(true);
    advance(50);
    expect(clock.time()).toBe(5200);
  });

  it("follows seeks and the playback rate", () => {
    const { clock, advance } = fakeClock();
    clock.update({ mediaMs: 1000, playing: true, rate: 1 });
    advance(100);
    clock.update({ mediaMs: 30_000 });
    expect(clock.time()).toBe(30_000);
    clock.setRate(1.5);
    advance(200);
    expect(clock.time()).toBe(30_300);
    clock.setRate(0.5);
    advance(200);
    expect(clock.time()).toBe(30_400);
  });
});

import { describe, expect, it } from "vitest";
import { MediaClock } from "@/lib/player/clock";
import {
  activeCaption,
  captionForWord,
  highlightWindow,
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

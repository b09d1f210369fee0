import { describe, expect, it } from "vitest";
import { youtubeIdFromUrl, youtubeVideoId } from "@/lib/youtube/url";

const ID = "dQw4w9WgXcQ";

describe("the video id of a YouTube link", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s&list=PL123`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&si=abc`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=xyz&t=10`,
    `https://www.youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/embed/${ID}?start=5`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}?si=1`,
    `https://www.youtube.com/v/${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtu.be/${ID}`,
    `  https://youtu.be/${ID}  `,
  ])("finds it in %s", (link) => {
    expect(youtubeIdFromUrl(link)).toBe(ID);
  });

  it.each([
    "",
    "not a link",
    `https://vimeo.com/${ID}`,
    `https://www.youtube.com/watch?v=short`,
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/channel/UC1234567890`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `javascript:alert(1)//youtu.be/${ID}`,
    `https://youtu.be/`,
  ])("finds none in %j", (link) => {
    expect(youtubeIdFromUrl(link)).toBeNull();
  });
});

describe("the video id in what an API client sends (a bare id or a link)", () => {
  it("takes the bare id, trimmed, and every link the form takes", () => {
    expect(youtubeVideoId(ID)).toBe(ID);
    expect(youtubeVideoId(` ${ID}\n`)).toBe(ID);
    expect(youtubeVideoId(`https://youtu.be/${ID}?t=3`)).toBe(ID);
    expect(youtubeVideoId(`youtube.com/watch?v=${ID}`)).toBe(ID);
  });

  it.each(["", "short", `${ID}x`, `${ID}\u0000`, `https://vimeo.com/${ID}`, `https://youtube.com.evil.example/watch?v=${ID}`, `javascript:alert(1)//youtu.be/${ID}`])(
    "finds none in %j",
    (input) => {
      expect(youtubeVideoId(input)).toBeNull();
    },
  );
});

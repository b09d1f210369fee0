import { describe, expect, it } from "vitest";
import {
  addVideoFormSchema,
  createVideoBody,
  isAcceptedSubtitles,
  isAcceptedVideo,
  NEEDS_SOURCE,
  editFormValues,
  editLanguageOptions,
  emptyAddVideoForm,
  isAcceptedAudio,
  videoUpdateRequests,
  youtubeUrlProblem,
} from "@/lib/validation/admin-video-form";

const ID = "dQw4w9WgXcQ";

describe("the add form's YouTube link", () => {
  it.each([`https://www.youtube.com/watch?v=${ID}`, `https://youtu.be/${ID}?t=3`, `youtu.be/${ID}`, `https://www.youtube.com/shorts/${ID}`])(
    "takes %s",
    (link) => {
      expect(youtubeUrlProblem(link)).toBeNull();
    },
  );

  it.each(["", "   ", "not a link", "youtube", "ftp://youtube.com/watch?v=dQw4w9WgXcQ", "javascript:alert(1)"])(
    "asks for a valid link instead of %j",
    (text) => {
      expect(youtubeUrlProblem(text)).toBe("Please enter a valid YouTube URL");
    },
  );

  it.each(["https://vimeo.com/12345", "https://www.youtube.com/", "https://www.youtube.com/watch?v=short", "https://youtu.be/"])(
    "says %s has no video in it",
    (link) => {
      expect(youtubeUrlProblem(link)).toBe("Invalid YouTube URL");
    },
  );

  it("is required unless a video or audio file is chosen; a link typed is checked either way", () => {
    expect(addVideoFormSchema.safeParse({ ...emptyAddVideoForm(), youtubeUrl: `https://youtu.be/${ID}` }).success).toBe(true);
    const blank = addVideoFormSchema.safeParse(emptyAddVideoForm());
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["youtubeUrl", NEEDS_SOURCE]]);
    const videoFile = new File(["x"], "lesson.mp4", { type: "video/mp4" });
    expect(addVideoFormSchema.safeParse({ ...emptyAddVideoForm(), videoFile }).success).toBe(true);
    const typed = addVideoFormSchema.safeParse({ ...emptyAddVideoForm(), videoFile, youtubeUrl: "not a link" });
    expect(typed.error?.issues.map((i) => i.message)).toEqual(["Please enter a valid YouTube URL"]);
    const both = addVideoFormSchema.safeParse({ ...emptyAddVideoForm(), videoFile, audioFile: new File(["x"], "a.mp3", { type: "audio/mpeg" }) });
    expect(both.error?.issues.map((i) => i.message)).toEqual(["Choose a video file or an audio file, not both"]);
  });
});

describe("the audio file", () => {
  it("accepts audio/* and the listed extensions", () => {
    expect(isAcceptedAudio({ name: "talk.ogg", type: "audio/ogg" })).toBe(true);
    for (const name of ["a.mp3", "b.WAV", "c.m4a", "d.aac"]) expect(isAcceptedAudio({ name, type: "" })).toBe(true);
    expect(isAcceptedAudio({ name: "clip.mp4", type: "video/mp4" })).toBe(false);
    expect(isAcceptedAudio({ name: "notes.txt", type: "text/plain" })).toBe(false);
  });

  it("is refused by the form when it is not audio", () => {
    const parsed = addVideoFormSchema.safeParse({
      ...emptyAddVideoForm(),
      youtubeUrl: `https://youtu.be/${ID}`,
      audioFile: new File(["x"], "notes.txt", { type: "text/plain" }),
    });
    expect(parsed.error?.issues[0]?.message).toBe("Choose an audio file: MP3, WAV, M4A or AAC");
  });
});

describe("the video and subtitle files", () => {
  it("accept video/* and MP4, WebM, MKV, MOV; SRT and WebVTT", () => {
    for (const name of ["a.mp4", "b.WEBM", "c.mkv", "d.mov"]) expect(isAcceptedVideo({ name, type: "" })).toBe(true);
    expect(isAcceptedVideo({ name: "notes.txt", type: "text/plain" })).toBe(false);
    expect(isAcceptedSubtitles({ name: "a.srt" })).toBe(true);
    expect(isAcceptedSubtitles({ name: "a.VTT" })).toBe(true);
    expect(isAcceptedSubtitles({ name: "a.txt" })).toBe(false);
  });
});

describe("POST /api/videos's body", () => {
  const values = { ...emptyAddVideoForm(), youtubeUrl: `https://www.youtube.com/watch?v=${ID}&t=9`, description: "  Street food  " };

  it("is JSON without an audio file, English by default, with the thumbnail built from the id", () => {
    expect(createVideoBody(values)).toEqual({
      youtubeId: ID,
      title: "",
      description: "Street food",
      categoryIds: [],
      targetLanguage: "en",
      thumbnail: `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`,
      transcribeAudio: false,
    });
    expect(createVideoBody({ ...values, categoryId: 3, categoryIds: [3, 5], targetLanguage: "ja" })).toMatchObject({
      categoryId: 3,
      categoryIds: [3, 5],
      targetLanguage: "ja",
    });
  });

  it("asks for the audio to be transcribed instead of YouTube's captions when the box is ticked", () => {
    expect(addVideoFormSchema.parse({ ...values, transcribeAudio: true }).transcribeAudio).toBe(true);
    expect(createVideoBody({ ...values, transcribeAudio: true })).toMatchObject({ youtubeId: ID, transcribeAudio: true });
    // An uploaded file is always transcribed: the multipart body does not carry the choice.
    const audioFile = new File(["RIFF"], "lesson.wav", { type: "audio/wav" });
    expect((createVideoBody({ ...values, audioFile, transcribeAudio: true }) as FormData).has("transcribeAudio")).toBe(false);
  });

  it("is multipart with an audio file; categoryIds as JSON text only when some are chosen", async () => {
    const audioFile = new File(["RIFF"], "lesson.wav", { type: "audio/wav" });
    const form = createVideoBody({ ...values, title: "Lesson 1", audioFile }) as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()].sort()).toEqual(["audioFile", "description", "targetLanguage", "thumbnail", "title", "youtubeId"]);
    expect(form.get("title")).toBe("Lesson 1");
    expect(form.get("youtubeId")).toBe(ID);
    expect((form.get("audioFile") as File).name).toBe("lesson.wav");
    expect(await (form.get("audioFile") as File).text()).toBe("RIFF");

    const withCategories = createVideoBody({ ...values, audioFile, categoryId: 2, categoryIds: [2, 7] }) as FormData;
    expect(withCategories.get("categoryId")).toBe("2");
    expect(withCategories.get("categoryIds")).toBe("[2,7]");
  });

  it("is multipart without a link for a video file and subtitles, the files last", () => {
    const videoFile = new File(["x"], "lesson.mp4", { type: "video/mp4" });
    const subtitleFile = new File(["x"], "lesson.srt");
    const form = createVideoBody({ ...emptyAddVideoForm(), videoFile, subtitleFile }) as FormData;
    expect([...form.keys()]).toEqual(["title", "description", "targetLanguage", "videoFile", "subtitleFile"]);
  });
});

describe("the edit form", () => {
  const video = { title: "Tapas", description: null, categoryId: 2, categoryIds: [2, 4], targetLanguage: "es", status: "active" };

  it("offers English, and keeps the language the video is in", () => {
    expect(editLanguageOptions("es")).toEqual(["en", "es"]);
    expect(editLanguageOptions("en")).toEqual(["en"]);
    expect(editLanguageOptions(undefined)).toEqual(["en"]);
  });

  it("starts from the video, with its publication as Active or Ready", () => {
    expect(editFormValues(video)).toEqual({ title: "Tapas", description: "", categoryId: 2, categoryIds: [2, 4], targetLanguage: "es", status: "active" });
    expect(editFormValues({ ...video, status: "ready" }).status).toBe("unpublished");
    expect(editFormValues({ ...video, status: "processing" }).status).toBeNull();
  });

  it("sends the status only when it changed, and the categories only when the set changed", () => {
    const same = videoUpdateRequests(video, editFormValues(video));
    expect(same).toEqual({ update: { title: "Tapas", description: "", categoryId: 2, targetLanguage: "es" } });

    const published = videoUpdateRequests({ ...video, status: "unpublished" }, { ...editFormValues(video), status: "active" });
    expect(published.update.status).toBe("active");

    const stillProcessing = videoUpdateRequests({ ...video, status: "processing" }, { ...editFormValues(video), status: null });
    expect(stillProcessing.update).not.toHaveProperty("status");

    // The chosen category always stays among the video's categories.
    const moved = videoUpdateRequests(video, { ...editFormValues(video), categoryId: 9, categoryIds: [4] });
    expect(moved).toMatchObject({ update: { categoryId: 9 }, categoryIds: [9, 4] });
  });
});

/** The product API as a signed-in learner calls it, for arranging state (progress, favourites) before a screen is checked. */
import { expect, type APIRequestContext } from "@playwright/test";
import { session, type Account } from "./accounts";

export class LearnerApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    readonly userId: string,
  ) {}

  static async signIn(request: APIRequestContext, account: Pick<Account, "email" | "password">) {
    const s = await session(request, account.email, account.password);
    return new LearnerApi(request, s.access_token, s.user.id);
  }

  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(path, { headers: this.headers() });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  async videoByTitle(title: string): Promise<{ id: number; title: string }> {
    const videos = await this.get<{ id: number; title: string }[]>(`/api/videos?search=${encodeURIComponent(title)}`);
    const video = videos.find((v) => v.title === title);
    expect(video, `video "${title}"`).toBeTruthy();
    return video!;
  }

  /** Changes the learner's settings (POST /api/settings), e.g. `{ pauseOnHighlight: false }` for no quizzes. */
  async updateSettings(settings: Record<string, unknown>) {
    const response = await this.request.post("/api/settings", { headers: this.headers(), data: settings });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** Sets the learner's status of a lemma (PUT /api/words/status): "learning" saves it, which gives it a review card. */
  async setWordStatus(language: string, lemma: string, status: "learning" | "known" | "ignored") {
    const response = await this.request.put("/api/words/status", { headers: this.headers(), data: { language, lemma, status } });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** Answers the quiz of the first `count` words of a video correctly. */
  async learnWords(videoTitle: string, count: number) {
    const video = await this.videoByTitle(videoTitle);
    const words = await this.get<{ id: number }[]>(`/api/videos/${video.id}/words`);
    for (const word of words.slice(0, count)) {
      const response = await this.request.post(`/api/users/${this.userId}/words`, {
        headers: this.headers(),
        data: { wordId: word.id, learned: true, correct: 1, incorrect: 0, timeZone: "UTC" },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    return { video, totalWords: words.length };
  }
}

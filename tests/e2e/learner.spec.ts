/** The signed-in learner's screens: home, header search, favourites, profile, saved and settings. */
import { expect, test } from "./support/fixtures";
import { LearnerApi } from "./support/api";
import { chooseOption } from "./support/pages";
import { addSessionCookie } from "./support/session-cookie";

const SPANISH_VIDEOS = ["Introducing Yourself in Spanish", "Ordering Coffee in Madrid"];

test.describe("home", () => {
  test("greets the learner and lists categories and the three sections", async ({ signedInPage: page, learner, request }) => {
    // A new account is welcomed, not welcomed back.
    await expect(page.getByRole("heading", { name: `Welcome, ${learner.firstName}!` })).toBeVisible();
    await expect(page.getByTestId("welcome-streak")).toHaveText("0 day streak");
    await expect(page.getByText("Keep it up!")).toBeVisible();
    await expect(page.getByTestId("today-progress-count")).toHaveText("0 / 30 min");

    const categories = page.getByRole("navigation", { name: "Categories" });
    await expect(categories.getByRole("button")).toHaveText(["All", "Everyday Life", "Food & Drink", "Travel"]);
    await expect(categories.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");

    // Nothing started yet: no Continue Learning.
    await expect(page.getByRole("heading", { name: "Popular Videos" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Continue Learning" })).toHaveCount(0);
    await expect(page.getByTestId("popular-videos").getByRole("article")).toHaveCount(6);
    const recommended = page.getByTestId("recommended-videos").getByRole("article");
    await expect(recommended).toHaveCount(2);
    await expect(recommended.getByRole("heading")).toHaveText(SPANISH_VIDEOS);
    await expect(recommended.first().getByTestId("video-progress")).toHaveText(/^\d+ words to learn$/);

    // A category narrows every section.
    await categories.getByRole("button", { name: "Food & Drink" }).click();
    await expect(categories.getByRole("button", { name: "Food & Drink" })).toHaveAttribute("aria-pressed", "true");
    const popularTitles = page.getByTestId("popular-videos").getByRole("article").getByRole("heading");
    // Popularity order depends on other learners; the set does not.
    await expect.poll(async () => (await popularTitles.allTextContents()).sort()).toEqual(["A Morning at the Market in Lyon", "A Weekend in Rome", "Ordering Coffee in Madrid"]);
    // Each card names the category it was found under, even a video filed under several.
    await expect(page.getByTestId("popular-videos").getByTestId("video-category")).toHaveText(Array(3).fill("Food & Drink"));
    await categories.getByRole("button", { name: "Travel" }).click();
    await expect
      .poll(async () => (await popularTitles.allTextContents()).sort())
      .toEqual(["A Weekend in Rome", "Asking for Directions in Berlin", "Ordering Coffee in Madrid"]);
    await expect(page.getByTestId("popular-videos").getByTestId("video-category")).toHaveText(Array(3).fill("Travel"));
    await categories.getByRole("button", { name: "Food & Drink" }).click();

    // Answering quizzes starts a video: it moves to Continue Learning with its percent, and the streak begins.
    const api = await LearnerApi.signIn(request, learner);
    const { totalWords } = await api.learnWords("Ordering Coffee in Madrid", 2);
    await page.reload();
    const continuing = page.getByTestId("continue-learning").getByRole("article");
    await expect(continuing).toHaveCount(1);
    await expect(continuing.getByRole("heading")).toHaveText("Ordering Coffee in Madrid");
    await expect(continuing.getByTestId("video-progress")).toHaveText(`${Math.floor((2 * 100) / totalWords)}% complete`);
    await expect(page.getByTestId("recommended-videos").getByRole("heading", { name: "Ordering Coffee in Madrid" })).toHaveCount(0);
    await expect(page.getByTestId("welcome-streak")).toHaveText("1 day streak");
    await expect(page.getByTestId("header-streak")).toContainText("1");
    await expect(page.getByTestId("today-quizzes")).toHaveText("2 quizzes today");
    await expect(page.getByRole("heading", { name: `Welcome back, ${learner.firstName}!` })).toBeVisible();
  });

  test("arrives complete: the server sends each screen's data with the page", async ({ browser, baseURL, learner }) => {
    // Without scripts, only what the server rendered shows: no skeleton or "Loading..." to be replaced later.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    await addSessionCookie(context, learner);
    const page = await context.newPage();
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: `Welcome, ${learner.firstName}!` })).toBeVisible();
    await expect(page.getByTestId("today-progress-count")).toHaveText("0 / 30 min");
    await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("button")).toHaveCount(4);
    await expect(page.getByTestId("popular-videos").getByRole("article")).toHaveCount(6);
    await expect(page.getByTestId("recommended-videos").getByRole("article")).toHaveCount(2);
    await expect(page.getByText("Loading...")).toHaveCount(0);
    await expect(page.getByTestId("video-card-skeleton")).toHaveCount(0);

    await page.goto("/profile");
    await expect(page.getByTestId("words-learned")).toHaveText("0");
    await expect(page.getByTestId("preference-autoplayVideos")).toHaveText("Autoplay: Off");
    await expect(page.getByText("30 minutes per day")).toBeVisible();
    await page.goto("/saved");
    await expect(page.getByTestId("saved-empty")).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByLabel("First name")).toHaveValue(learner.firstName);
    await expect(page.getByRole("combobox", { name: "Target language" })).toHaveText(/Spanish/);
    await context.close();
  });

  test("a card opens its video", async ({ signedInPage: page }) => {
    const card = page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "Ordering Coffee in Madrid" });
    await card.getByRole("link").click();
    await expect(page).toHaveURL(/\/video\/\d+$/);
  });
});

test.describe("theme", () => {
  test("the header's toggle switches to dark at once and keeps it; opening a page restyles nothing", async ({ signedInPage: page }) => {
    // Every style sheet a script adds that turns transitions off, as the page goes.
    await page.addInitScript(() => {
      const added: string[] = [];
      (window as unknown as { noTransitionSheets: string[] }).noTransitionSheets = added;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (node.nodeName === "STYLE" && /transition:\s*none/.test(node.textContent ?? "")) added.push(node.textContent ?? "");
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const sheets = () => page.evaluate(() => (window as unknown as { noTransitionSheets: string[] }).noTransitionSheets.length);
    const present = () => page.evaluate(() => [...document.querySelectorAll("style")].filter((s) => /transition:\s*none/.test(s.textContent ?? "")).length);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/home");
    await expect(page.getByTestId("theme-toggle")).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await page.waitForLoadState("load");
    expect(await sheets(), "a page load adds no sheet turning transitions off (it would restyle the whole page)").toBe(0);

    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    // The change came without transitions, and the sheet that stopped them is gone again.
    expect(await sheets()).toBe(1);
    await expect.poll(present).toBe(0);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
  });
});

test.describe("header search", () => {
  test("opens, lists matches, opens the first on Enter and closes on Escape", async ({ signedInPage: page }) => {
    await page.getByRole("button", { name: "Search videos" }).click();
    const box = page.getByRole("combobox", { name: "Search videos" });
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute("placeholder", "Search videos...");

    // A blank query does nothing on Enter.
    await box.press("Enter");
    await expect(page).toHaveURL(/\/home$/);

    await box.fill("MADRID");
    const results = page.getByRole("listbox", { name: "Search results" });
    await expect(results.getByRole("option")).toHaveCount(1);
    await expect(results.getByRole("option")).toContainText("Ordering Coffee in Madrid");
    await expect(results.getByRole("option")).toContainText("Food & Drink");
    await expect(results).toHaveCSS("max-height", "256px");

    // More matches than the list shows: its foot says how many are below, until they are in sight.
    await box.fill("in");
    await expect(results.getByRole("option")).toHaveCount(6);
    const more = page.getByTestId("search-more");
    await expect(more).toHaveText(/^[1-5] more$/);
    await results.evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect(more).toHaveCount(0);

    await box.fill("qwertyuiop");
    await expect(page.getByText('No videos found matching "qwertyuiop"')).toBeVisible();

    await box.press("Escape");
    await expect(box).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Search videos" })).toBeFocused();

    await page.getByRole("button", { name: "Search videos" }).click();
    // Enter right away: no waiting for the list.
    await page.getByRole("combobox", { name: "Search videos" }).fill("market");
    await page.getByRole("combobox", { name: "Search videos" }).press("Enter");
    await expect(page).toHaveURL(/\/video\/\d+$/);
  });
});

test.describe("keyboard", () => {
  test("skip link, search with the arrow keys, and the heart, without a mouse", async ({ signedInPage: page }) => {
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

    const heart = page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "A Weekend in Rome" }).getByRole("button", { name: "Add to favorites" });
    await heart.focus();
    // Keyboard focus shows the tooltip at once, describing the button; Escape hides it, focus stays.
    const tip = page.getByRole("tooltip");
    await expect(tip).toHaveText("Add to favorites");
    await expect(heart).toHaveAttribute("aria-describedby", (await tip.getAttribute("id"))!);
    await page.keyboard.press("Escape");
    await expect(tip).toHaveCount(0);
    await expect(heart).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Added to favorites")).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole("button", { name: "Search videos" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.type("spanish");
    const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
    await expect(options).toHaveCount(1);
    await page.keyboard.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/video\/\d+$/);
  });
});

test.describe("favourites", () => {
  test("the heart saves and unsaves a video, with its tooltips and toasts", async ({ signedInPage: page }) => {
    const card = page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "A Morning at the Market in Lyon" });
    const heart = card.getByRole("button", { name: "Add to favorites" });
    await heart.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Add to favorites");
    await heart.click();
    await expect(page.getByText("Added to favorites")).toBeVisible();
    await expect(page.getByText("Video has been added to your favorites")).toBeVisible();
    const saved = card.getByRole("button", { name: "Remove from favorites" });
    await expect(saved).toHaveAttribute("aria-pressed", "true");

    await page.goto("/saved");
    await expect(page.getByRole("heading", { name: "Saved Videos" })).toBeVisible();
    const savedCard = page.getByRole("article").filter({ hasText: "A Morning at the Market in Lyon" });
    await expect(page.getByRole("article")).toHaveCount(1);
    await savedCard.getByRole("button", { name: "Remove from favorites" }).click();
    await expect(page.getByText("Removed from favorites")).toBeVisible();
    await expect(page.getByText("Video has been removed from your favorites")).toBeVisible();
    await expect(page.getByTestId("saved-empty")).toContainText("No saved videos yet");
  });
});

test.describe("saved words", () => {
  test("lists the words a learner saved with a line of each, opens the video there, and downloads them for Anki", async ({ signedInPage: page }) => {
    await page.goto("/saved");
    await expect(page.getByTestId("saved-words-empty")).toContainText("No saved words yet");
    await expect(page.getByRole("link", { name: "Export to Anki (.apkg)" })).toHaveCount(0);
    await page.evaluate(async () => {
      const body = JSON.stringify({ language: "es", lemma: "leche", status: "learning" });
      await fetch("/api/words/status", { method: "PUT", headers: { "content-type": "application/json" }, body });
    });
    await page.reload();
    const word = page.getByTestId("saved-word").filter({ hasText: "leche" });
    await expect(word).toContainText("Buenos días, quisiera un café con leche, por favor.");
    const apkg = page.getByRole("link", { name: "Export to Anki (.apkg)" });
    await expect(apkg).toHaveAttribute("href", "/api/words/export?format=apkg");
    await expect(page.getByRole("link", { name: "Export as TSV" })).toHaveAttribute("href", "/api/words/export?format=tsv");
    const download = page.waitForEvent("download");
    await apkg.click();
    expect((await download).suggestedFilename()).toMatch(/^lingoreel-words-all-\d{4}-\d{2}-\d{2}\.apkg$/);
    await word.getByRole("link", { name: /Ordering Coffee in Madrid/ }).click();
    await expect(page).toHaveURL(/\/video\/\d+\?t=0$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ordering Coffee in Madrid" })).toBeVisible();
  });
});

test.describe("profile", () => {
  test("shows the learner's figures, information, preferences and saved videos", async ({ signedInPage: page, learner, request }) => {
    const api = await LearnerApi.signIn(request, learner);
    await api.learnWords("Introducing Yourself in Spanish", 3);
    const video = await api.videoByTitle("Ordering Coffee in Madrid");
    await page.evaluate(async (videoId) => {
      await fetch("/api/users/favorites", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ videoId, action: "add" }) });
    }, video.id);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: `${learner.firstName} ${learner.lastName}` })).toBeVisible();
    await expect(page.getByText(/Joined \w+ \d{4}/)).toBeVisible();
    await expect(page.getByTestId("profile-streak")).toHaveText("1 day streak");
    // The goal is minutes of study; quizzes are a figure of their own.
    await expect(page.getByTestId("daily-goal-card")).toContainText("0 / 30 min");
    await expect(page.getByTestId("words-learned")).toHaveText("3");
    await expect(page.getByTestId("quizzes-completed")).toHaveText("3");
    await expect(page.getByText("Target language")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Spanish" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "English" })).toBeVisible();
    await expect(page.getByText("30 minutes per day")).toBeVisible();
    await expect(page.getByTestId("preference-showDefinitions")).toHaveText("Definitions: On");
    await expect(page.getByTestId("preference-showWordStatus")).toHaveText("Word status: On");
    await expect(page.getByTestId("preference-pauseOnWordLookup")).toHaveText("Pause on word lookup: On");
    await expect(page.getByTestId("preference-autoplayVideos")).toHaveText("Autoplay: Off");
    await expect(page.getByTestId("preference-quizFrequency")).toHaveText("Quizzes: Every vocabulary word");
    await expect(page.getByRole("article").getByRole("heading")).toHaveText(["Ordering Coffee in Madrid"]);
  });
});

test.describe("settings", () => {
  test("saves the form, and shows the spec's validation messages", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
    await expect(page.getByText("Customize your learning experience")).toBeVisible();
    await expect(page.getByText("Security Settings")).toHaveCount(0);

    const firstName = page.getByLabel("First name");
    await firstName.fill("");
    const goal = page.getByLabel("Daily goal (minutes)");
    await goal.fill("0");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Daily goal must be at least 1 minute")).toBeVisible();

    await firstName.fill("Noor");
    await goal.fill("45");
    await page.getByRole("switch", { name: "Autoplay Videos" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Settings updated")).toBeVisible();
    await expect(page.getByText("Your settings have been saved successfully.")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Noor");
    await expect(page.getByLabel("Daily goal (minutes)")).toHaveValue("45");
    await expect(page.getByRole("switch", { name: "Autoplay Videos" })).toHaveAttribute("aria-checked", "true");
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Welcome, Noor!" })).toBeVisible();
  });

  test("how often quizzes come: the seconds between them are checked, kept, and the profile says the choice", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    const quizzes = page.getByRole("combobox", { name: "Quizzes" });
    await expect(quizzes).toHaveText("At every vocabulary word");
    await chooseOption(page, quizzes, "At most one every few seconds");
    const gap = page.getByLabel("Seconds between quizzes");
    await gap.fill("5");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Seconds between quizzes must be at least 10")).toBeVisible();
    await gap.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Seconds between quizzes must be a number")).toBeVisible();
    await gap.fill("45");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your settings have been saved successfully.")).toBeVisible();

    await page.reload();
    await expect(quizzes).toHaveText("At most one every few seconds");
    await expect(page.getByLabel("Seconds between quizzes")).toHaveValue("45");
    await page.goto("/profile");
    await expect(page.getByTestId("preference-quizFrequency")).toHaveText("Quizzes: At most one every 45 s");

    await page.goto("/settings");
    await chooseOption(page, quizzes, "Off");
    await expect(page.getByLabel("Seconds between quizzes")).toHaveCount(0);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your settings have been saved successfully.")).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByTestId("preference-quizFrequency")).toHaveText("Quizzes: Off");

    // Pause on Highlight off stops every quiz: the choice is greyed and says so, and so does the profile.
    await page.goto("/settings");
    await chooseOption(page, quizzes, "At every vocabulary word");
    await page.getByRole("switch", { name: "Pause on Highlight" }).click();
    await expect(quizzes).toBeDisabled();
    await expect(page.getByText("No quizzes while Pause on Highlight is off.")).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your settings have been saved successfully.")).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByTestId("preference-pauseOnHighlight")).toHaveText("Pause on Highlight: Off");
    await expect(page.getByTestId("preference-quizFrequency")).toHaveText("Quizzes: Off");
  });

  test("Sign out (the logout address's link) ends the session with the account menu's toast", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    const link = page.getByRole("link", { name: "Sign out" });
    await expect(link).toHaveAttribute("href", "/api/auth/logout");
    await link.click();
    await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
    await expect(page.getByText("You've been successfully signed out.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/$/);
  });
});

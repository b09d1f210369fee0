/**
 * The add form's "Transcribe the audio instead of using YouTube's captions" box: labelled, off by
 * default, and off and locked while an audio file is chosen (an upload is always transcribed).
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { TranscribeAudioField } from "@/components/admin/transcribe-audio-field";
import { Form } from "@/components/ui/form";
import { emptyAddVideoForm, type AddVideoForm } from "@/lib/validation/admin-video-form";
import { WithIntl } from "../helpers/intl";

function WithForm({ values, children }: { values: Partial<AddVideoForm>; children: ReactNode }) {
  const form = useForm<AddVideoForm>({ defaultValues: { ...emptyAddVideoForm(), ...values } });
  return <Form {...form}>{children}</Form>;
}

const LABEL = "Transcribe the audio instead of using YouTube&#x27;s captions";

function render(values: Partial<AddVideoForm>) {
  const html = renderToStaticMarkup(
    <WithIntl>
      <WithForm values={values}>
        <TranscribeAudioField />
      </WithForm>
    </WithIntl>,
  );
  const box = /<button[^>]*role="checkbox"[^>]*>/.exec(html)?.[0] ?? "";
  const id = /id="([^"]+)"/.exec(box)?.[1];
  return { html, box, labelledBy: id ? new RegExp(`<label[^>]*for="${id}"[^>]*>${LABEL}</label>`).test(html) : false };
}

describe("the add form's choice to transcribe the audio", () => {
  it("is a labelled checkbox, off by default, saying YouTube's captions are used otherwise", () => {
    const { html, box, labelledBy } = render({});
    expect(labelledBy).toBe(true);
    expect(box).toContain('aria-checked="false"');
    expect(box).not.toMatch(/ disabled=""/);
    expect(html).toContain("By default the video&#x27;s own captions on YouTube are used when it has them in its language.");
  });

  it("shows the admin's choice", () => {
    expect(render({ transcribeAudio: true }).box).toContain('aria-checked="true"');
  });

  it("cannot be ticked while an audio or video file is chosen, and says the upload is transcribed", () => {
    for (const values of [
      { audioFile: new File(["RIFF"], "lesson.wav", { type: "audio/wav" }) },
      { videoFile: new File(["ftyp"], "lesson.mp4", { type: "video/mp4" }) },
    ]) {
      const { html, box } = render(values);
      expect(box).toMatch(/ disabled=""/);
      expect(html).toContain("An uploaded file is always transcribed.");
    }
  });
});

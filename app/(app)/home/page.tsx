import type { Metadata } from "next";
import { connection } from "next/server";
import { WelcomeBlock } from "@/components/home/welcome-block";
import { LanguageFlag } from "@/components/language-flag";
import { getDb } from "@/lib/db/client";
import { listPublishedVideos } from "@/lib/db/queries/videos";
import { formatDuration, videoThumbnail } from "@/lib/format";

export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  await connection();
  const videos = await listPublishedVideos(await getDb(), { limit: 24 });
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <WelcomeBlock />
      <section aria-labelledby="videos-heading" className="space-y-4">
        <h2 id="videos-heading" className="text-xl font-bold tracking-tight">
          Videos
        </h2>
        {videos.length === 0 ? (
          <p className="text-muted-foreground">No videos found.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {videos.map((video) => {
              const thumb = videoThumbnail(video);
              return (
                <li key={video.id} className="overflow-hidden rounded-2xl border bg-card shadow-sm">
                  <div className="relative aspect-video bg-muted">
                    {thumb ? (
                      // eslint-disable-next-line @next/next/no-img-element
                      <img src={thumb} alt="" className="size-full object-cover" loading="lazy" />
                    ) : null}
                    <span className="absolute right-2 bottom-2 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
                      {formatDuration(video.durationMs)}
                    </span>
                  </div>
                  <div className="flex items-center gap-2 p-3">
                    <LanguageFlag code={video.targetLanguage} className="h-4 w-6 shrink-0" />
                    <span className="line-clamp-1 font-semibold">{video.title}</span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </main>
  );
}

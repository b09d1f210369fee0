import type { Metadata } from "next";
import { connection } from "next/server";
import { WelcomeBlock } from "@/components/home/welcome-block";
import { VideoTile } from "@/components/video-tile";
import { listNewestVideos } from "@/lib/services/videos";

export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  await connection();
  const videos = await listNewestVideos(24);
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
            {videos.map((video) => (
              <li key={video.id}>
                <VideoTile video={video} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

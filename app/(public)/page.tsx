/** The landing screen: the newest published videos as samples (none if the database fails). */
import { connection } from "next/server";
import { LandingPage } from "@/components/landing/landing-page";
import { signupOpen } from "@/lib/auth/signup-open";
import { listNewestVideos } from "@/lib/services/videos";

async function sampleVideos() {
  try {
    return await listNewestVideos(4);
  } catch (error) {
    console.warn("Landing page could not load sample videos:", error);
    return [];
  }
}

export default async function Page() {
  // Request-time data: keep the build from prerendering (and opening the database).
  await connection();
  const [samples, open] = await Promise.all([sampleVideos(), signupOpen()]);
  return <LandingPage samples={samples} signupOpen={open} />;
}

import { LandingPage } from "@/components/landing/landing-page";

export default function Page() {
  return <LandingPage />;
}

// The short confirmation link: the same screen as /auth/callback.
export { default, generateMetadata } from "@/app/(auth)/auth/callback/page";

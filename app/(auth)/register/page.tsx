/** /register shows the signup screen (SPEC §2 route table). */
export { default, generateMetadata } from "../signup/page";

/** /register shows the signup screen (SPEC §2 route table). */
export { default, metadata } from "../signup/page";

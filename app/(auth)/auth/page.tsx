/** /auth shows the login screen (SPEC §2 route table). */
export { default, generateMetadata } from "../login/page";

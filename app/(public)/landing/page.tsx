/** /landing shows the landing screen (SPEC §2 route table). */
export { default } from "../page";

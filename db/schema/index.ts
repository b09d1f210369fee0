export * from "./app";
export * from "./auth";
export * from "./dictionary";
export * from "./words";
export * from "./review";
export * from "./reminders";
export * from "./invitations";

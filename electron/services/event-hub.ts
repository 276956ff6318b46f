// The hub moved to shared/event-hub.ts, where the watch service (watch/) reads it too.
export * from "../../shared/event-hub.js";

// Stored files moved to storage/atomic-file.ts, a layer the watch service (watch/) imports too.
export * from "../../../storage/atomic-file.js";

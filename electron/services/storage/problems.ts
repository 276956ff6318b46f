// The problem log moved to storage/problems.ts, a layer the watch service (watch/) imports too.
export * from "../../../storage/problems.js";

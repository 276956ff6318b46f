// The errors moved to shared/app-error.ts, where the watch service (watch/) reads them too.
export * from "../../shared/app-error.js";

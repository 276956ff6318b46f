/** Debian's ffmpeg (the package `ffmpeg`): Playwright's video recorder and the tour's WebP both run it. */
export const FFMPEG = "/usr/bin/ffmpeg";

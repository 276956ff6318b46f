/** Debian's ffmpeg (the package `ffmpeg`), which joins the tour's frames into an animated WebP. */
export const FFMPEG = "/usr/bin/ffmpeg";

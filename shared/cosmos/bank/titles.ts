/** The bank send's title, as the review screen and a direct transfer's kind say it; zod-free, for the transactions list. */
export const MSG_SEND_TITLE = "Send";

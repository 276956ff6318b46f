/**
 * How long a pasted or picked CLI key file may be: `simd keys export` writes about 400 bytes;
 * 4 KB leaves room for comments around it and no more. Zod-free, so the Wallet page reads it
 * without loading the contract's schemas.
 */
export const MAX_CLI_ARMOR = 4096;

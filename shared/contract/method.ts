import type { z } from "zod";

/** One contract method: the schema its arguments must pass and the schema of its result. */
export interface MethodSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly args: A;
  readonly result: R;
}

/** Declares a method; a function (not a literal) so each spec keeps its precise schema types. */
export function method<A extends z.ZodType, R extends z.ZodType>(args: A, result: R): MethodSpec<A, R> {
  return { args, result };
}

import { z } from "zod";
import type { ActionDef, ActionDefs } from "./action.js";
import { bankActions } from "./bank/actions.js";
import { distributionActions } from "./distribution/actions.js";
import { govActions } from "./gov/actions.js";
import { slashingActions } from "./slashing/actions.js";
import { stakingActions } from "./staking/actions.js";

/**
 * Every message the wallet signs, gathered from the module folders' `actions.ts`. The contract's
 * `tx.prepare` and `tx.sendMessages` accept exactly these; main signs nothing else. A new
 * message is one entry in its module's `actions.ts` (and its codec in `messages.ts`).
 */
export const ACTIONS: ActionDefs = { ...bankActions, ...stakingActions, ...distributionActions, ...govActions, ...slashingActions };

/** The action of a type URL, or undefined when the wallet does not sign it. */
export function actionOf(typeUrl: string): ActionDef | undefined {
  return Object.hasOwn(ACTIONS, typeUrl) ? ACTIONS[typeUrl] : undefined;
}

type Variants<M> = { [K in keyof M]: M[K] extends ActionDef<infer S, infer T> ? z.ZodObject<{ typeUrl: z.ZodLiteral<T>; value: S }, z.core.$strict> : never }[keyof M];
type Variant = Variants<typeof bankActions> | Variants<typeof stakingActions> | Variants<typeof distributionActions> | Variants<typeof govActions> | Variants<typeof slashingActions>;
const variant = (a: ActionDef) => z.strictObject({ typeUrl: z.literal(a.typeUrl), value: a.value });
const [first, ...rest] = Object.values(ACTIONS).map(variant) as unknown as [Variant, ...Variant[]];

/** One message as the renderer asks for it: a registered type URL and its value, checked by that action's schema. */
export const ActionMessage = z.discriminatedUnion("typeUrl", [first!, ...rest]);
export type ActionMessage = z.infer<typeof ActionMessage>;

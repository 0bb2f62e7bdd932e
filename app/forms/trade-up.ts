import { z } from "zod";
import { visibleName } from "./names";

export const MAX_TRADE_UP_NAME_LENGTH = 60;
/** A contract's query string: ten rows of four short fields fit well within it. */
const MAX_CONTRACT_LENGTH = 2000;

export const SAVED_TRADE_UP_MESSAGES = {
  nameRequired: "Give the trade-up a name.",
  nameTooLong: `Names are at most ${MAX_TRADE_UP_NAME_LENGTH} characters.`,
  contract: "This contract cannot be read. Open it again from the calculator.",
  notFound: "Saved trade-up not found.",
  saveFailed: "The trade-up could not be saved. Please try again.",
  deleteFailed: "The trade-up could not be deleted. Please try again.",
} as const;

/** 'Save' on /trade-up: a name, and the contract as the page's query string. */
export const saveTradeUpSchema = z.object({
  name: z
    .string({ error: SAVED_TRADE_UP_MESSAGES.nameRequired })
    .trim()
    .min(1, SAVED_TRADE_UP_MESSAGES.nameRequired)
    .max(MAX_TRADE_UP_NAME_LENGTH, SAVED_TRADE_UP_MESSAGES.nameTooLong)
    .check(visibleName),
  contract: z.string({ error: SAVED_TRADE_UP_MESSAGES.contract }).max(MAX_CONTRACT_LENGTH, SAVED_TRADE_UP_MESSAGES.contract),
});

/** 'Delete' on the profile's My trade-ups. */
export const deleteTradeUpSchema = z.object({
  id: z.coerce.number({ error: SAVED_TRADE_UP_MESSAGES.notFound }).int().positive().max(9_999_999_999),
});

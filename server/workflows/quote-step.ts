/**
 * The quote-step workflow: one step of a quote's conversation, then what follows from it in the
 * other domains, for every caller (the production's and the house's routes, another house's
 * sub-hire, a scan that moves an order, an expiry).
 *
 * The step itself (rental's takeAction) is the transaction: it is stored whole or not at all. Its
 * effects run after it, in order, each a named step. The step stands whatever an effect does: one
 * that fails is logged under its name, with where it is picked up again, and the next runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, QuoteAction } from '../../schema/rental/quote-states';
import type { Pencil, QuoteRequest } from '../../schema/types.generated';
import { tellHoldsBehind, tellHoldsPassed } from './hold-notices';
import { followSubHire, tellStrandedSubHires, type SubHireStockStores } from '../marketplace';
import {
  takeAction,
  type ActionRequest,
  type QuoteSettings,
  type QuoteStores,
  notifyQuoteStep,
  type NoticeStores,
} from '../rental';

/** What the workflow reads and writes: a Fastify app has them all. */
export type QuoteStepStores = QuoteStores & SubHireStockStores & NoticeStores;

export type QuoteStepLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The step an effect follows. */
export interface StepTaken {
  action: QuoteAction;
  actor: Actor;
  /** The request's hold before the step, when the step ended it (released, or made an order). */
  pencilBefore?: Pencil;
}

export interface QuoteStepEffect {
  name: string;
  /** Where a failure is made good, for the log. */
  recovery: string;
  appliesTo(changed: QuoteRequest, step: StepTaken): boolean;
  run(stores: QuoteStepStores, log: QuoteStepLog, changed: QuoteRequest, step: StepTaken): Promise<void>;
}

/** The effects of a step, in the order they run. The holds and the insurance check join them here. */
export const QUOTE_STEP_EFFECTS: readonly QuoteStepEffect[] = [
  {
    // Another house's sub-hire: its stock of the item follows this order (confirmed, changed, cancelled).
    name: 'sub-hire stock',
    recovery: 'followed again the next time the hiring house reads its sub-hires',
    appliesTo: (changed) => Boolean(changed.subHire),
    run: (stores, log, changed) => followSubHire(stores, changed.tenantId, changed.id, new Date(), log),
  },
  {
    // Given up by its customer, an order the house hired stock in for leaves it owing its lenders.
    name: 'stranded sub-hires',
    recovery: "the order's page lists its sub-hires and their lenders",
    appliesTo: (changed, step) => step.actor === 'visitor' && Boolean(changed.subHires?.length),
    run: (stores, log, changed) => tellStrandedSubHires(stores, log, changed),
  },
  {
    // A hold ended: the production that challenged it and the holds behind it are told.
    name: 'holds behind',
    recovery: "the productions behind see their hold's rank on their request",
    appliesTo: (changed, step) => step.pencilBefore !== undefined && changed.hold !== 'pencil',
    run: (stores, log, changed, step) => tellHoldsBehind(stores, log, changed, step.pencilBefore!),
  },
  {
    // A hold moved up the queue: the holds it passed are told their rank now.
    name: 'holds passed',
    recovery: "the productions passed see their hold's rank on their request",
    appliesTo: (_changed, step) => step.action === 'reorder' && step.pencilBefore !== undefined,
    run: (stores, log, changed, step) => tellHoldsPassed(stores, log, changed, step.pencilBefore!),
  },
  {
    // The other side is told: a mail, and the production's unread count.
    name: 'notice',
    recovery: 'staff follow up from this log',
    appliesTo: () => true,
    run: (stores, log, changed, step) => notifyQuoteStep(stores, log, changed, step.action, step.actor),
  },
];

/** Runs a taken step's effects; none throws. */
export async function afterQuoteStep(
  stores: QuoteStepStores,
  log: QuoteStepLog,
  changed: QuoteRequest,
  step: StepTaken,
  effects: readonly QuoteStepEffect[] = QUOTE_STEP_EFFECTS,
): Promise<void> {
  for (const effect of effects) {
    if (!effect.appliesTo(changed, step)) continue;
    await effect.run(stores, log, changed, step).catch((error: unknown) =>
      log.error(
        {
          err: error,
          effect: effect.name,
          tenantId: changed.tenantId,
          quoteRequest: changed.id,
          action: step.action,
        },
        `quote step effect "${effect.name}" failed; ${effect.recovery}`,
      ),
    );
  }
}

/** Takes one step of a quote's conversation, then its effects; returns the request as stored after the step. */
export async function quoteStep(
  stores: QuoteStepStores,
  log: QuoteStepLog,
  settings: QuoteSettings,
  step: ActionRequest,
): Promise<QuoteRequest> {
  // A step that can end or move a hold reads it first: whoever was behind it (or passed) is told after.
  const before = movesHold.has(step.action) ? await stores.quoteRequests.get(step.tenantId, step.id) : undefined;
  const changed = await takeAction(stores, settings, step);
  log.info(
    {
      tenantId: step.tenantId,
      quoteRequest: step.id,
      action: step.action,
      actor: step.actor,
      state: changed.state,
      ...(step.actor === 'vendor' && { by: step.who.email }),
    },
    'quote step',
  );
  await afterQuoteStep(stores, log, changed, {
    action: step.action,
    actor: step.actor,
    ...(before?.pencil && { pencilBefore: before.pencil }),
  });
  return changed;
}

/** The steps after which a request may hold nothing where it held a pencil, or holds it elsewhere in the queue. */
const movesHold: ReadonlySet<QuoteAction> = new Set(['release', 'confirm', 'cancel', 'decline', 'expire', 'reorder']);

/** For expireIfDue and expireDue: an expiry's effects. */
export const afterExpiry =
  (stores: QuoteStepStores, log: QuoteStepLog) =>
  (expired: QuoteRequest): Promise<void> =>
    afterQuoteStep(stores, log, expired, { action: 'expire', actor: 'system' });

/**
 * What a return's writes take, read alike from JSON, multipart and urlencoded bodies: a buyer's request
 * (lines as a list or as JSON text in a form, the reason, details, pictures as files) and a vendor's answer.
 * A problem is refused with the return's "Failed to ...: why" text naming the field.
 */
import { z } from 'zod';
import { Invalid } from '../errors';
import { zodRefusal } from '../input-refusals';
import { rowIdSchema } from '../input-fields';
import { isUploadedFile } from '../media/uploads';
import { jsonField } from '../orders/order-payload';
import {
  detailsRequired,
  MANUAL_REFUND_METHODS,
  MAX_RETURN_PHOTOS,
  RETURN_DETAILS_MAX,
  RETURN_NOTE_MAX,
  RETURN_REASONS,
  type ManualRefundMethod,
  type ReturnReason,
} from '../../lib/return-rules';
import { message } from '../../lib/messages/message';

/** The most lines one return may name (an order has far fewer). */
const MAX_RETURN_LINES = 100;

/** A buyer's request to return some lines of one part. */
export type ReturnRequest = {
  /** The part the lines are in; found from the lines when not given. */
  part_id?: number;
  lines: { order_item_id: number; quantity: number }[];
  reason: ReturnReason;
  details: string;
  photos: File[];
};

const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const requestSchema = z.object({
  part_id: z.preprocess(blankAsUndefined, rowIdSchema('must be a part of this order').optional()),
  lines: z.preprocess(
    jsonField,
    z
      .array(
        z.object({
          order_item_id: rowIdSchema('must be a line of this order'),
          quantity: z.coerce
            .number({ error: 'must be a whole number' })
            .int({ error: 'must be a whole number' })
            .min(1, { error: 'must be 1 or more' })
            .max(100_000),
        }),
        { error: 'must be a list of {order_item_id, quantity}' },
      )
      .min(1, { error: 'choose at least one item to return' })
      .max(MAX_RETURN_LINES, { error: `at most ${MAX_RETURN_LINES} lines` }),
  ),
  reason: z.enum(RETURN_REASONS, { error: `must be one of ${RETURN_REASONS.join(', ')}` }),
  details: z.preprocess(
    blankAsUndefined,
    z
      .string({ error: 'must be text' })
      .trim()
      .max(RETURN_DETAILS_MAX, { error: `must be at most ${RETURN_DETAILS_MAX} characters` })
      .default(''),
  ),
});

/** The pictures sent: files only (a blank file input sends an empty one, left out), at most three. */
function photosIn(value: unknown): File[] {
  const sent = value === undefined || value === null || value === '' ? [] : [value].flat();
  if (sent.some((item) => !(item instanceof File))) throw new Invalid(message('return', 'askRefused', message('return', 'photosAsFiles')));
  const files = sent.filter(isUploadedFile);
  if (files.length > MAX_RETURN_PHOTOS) throw new Invalid(message('return', 'askRefused', message('return', 'tooManyPhotos', MAX_RETURN_PHOTOS)));
  return files;
}

/** Reads a buyer's request to return items; nothing about the order is checked yet. */
export function parseReturnRequest(body: Record<string, unknown>): ReturnRequest {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) throw new Invalid(message('return', 'askRefused', zodRefusal(parsed.error)));
  const request = { ...parsed.data, photos: photosIn(body.photos) };
  const items = request.lines.map((line) => line.order_item_id);
  if (new Set(items).size !== items.length) throw new Invalid(message('return', 'askRefused', message('return', 'eachLineOnce')));
  if (detailsRequired(request.reason) && !request.details) throw new Invalid(message('return', 'askRefused', message('return', 'detailsNeeded')));
  return request;
}

/** The steps a vendor or administrator moves a return to. */
export const RETURN_MOVES = ['awaiting_item', 'refused', 'received', 'refunded'] as const;
export type ReturnMove = (typeof RETURN_MOVES)[number];

/** A vendor's or administrator's answer: the step, a note for the buyer, and how the money went back when they record a refund. */
export type ReturnChange = { status: ReturnMove; note: string; refund_method?: ManualRefundMethod };

const changeSchema = z.object({
  status: z.enum(RETURN_MOVES, { error: `must be one of ${RETURN_MOVES.join(', ')}` }),
  note: z.preprocess(
    blankAsUndefined,
    z
      .string({ error: 'must be text' })
      .trim()
      .max(RETURN_NOTE_MAX, { error: `must be at most ${RETURN_NOTE_MAX} characters` })
      .default(''),
  ),
  refund_method: z.preprocess(
    blankAsUndefined,
    z
      .enum(MANUAL_REFUND_METHODS, { error: `must be one of ${MANUAL_REFUND_METHODS.join(', ')} (a refund through the card gateway is recorded by the store)` })
      .optional(),
  ),
});

/** Reads a status change of a return: a refusal needs a note, a refund recorded by hand says how it was paid. */
export function parseReturnChange(body: Record<string, unknown>): ReturnChange {
  const parsed = changeSchema.safeParse(body);
  if (!parsed.success) throw new Invalid(message('return', 'updateRefused', zodRefusal(parsed.error)));
  const change = parsed.data;
  if (change.status === 'refused' && !change.note) throw new Invalid(message('return', 'updateRefused', message('return', 'noteNeeded')));
  if (change.status === 'refunded' && !change.refund_method) throw new Invalid(message('return', 'updateRefused', message('return', 'methodNeeded')));
  return change;
}

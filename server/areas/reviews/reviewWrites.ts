import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { enqueueEvent } from '../../jobs/events';

/**
 * The steps of a review's lifecycle (spec section 4). Each is one conditional UPDATE, so two
 * staff members acting at once cannot publish or answer twice; a step that changed nothing
 * says why (409 with the reason, or 404 when the review was deleted meanwhile). A step that
 * must reach the messenger writes its event in the same transaction.
 */
export function reviewWriter(db: Kysely<Database>) {
  /** Why a conditional update changed nothing: deleted meanwhile, or the state it refused. */
  const refusal = async (
    id: number,
    refuse: (row: { published: boolean; answered: boolean; answer: string | null }) => Error | null,
  ): Promise<Error | null> => {
    const row = await db.selectFrom('reviews').select(['published_at', 'answer', 'deleted_at']).where('id', '=', id).executeTakeFirst();
    if (!row || row.deleted_at !== null) return notFound('REVIEW_NOT_FOUND');
    return refuse({ published: row.published_at !== null, answered: row.answer !== null, answer: row.answer });
  };

  /** Approves (keeping an earlier approval's time) or publishes; either only before publishing. */
  const approve = async (id: number, publish: boolean, at: Date): Promise<void> => {
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('reviews')
        .set((eb) =>
          publish
            ? { published_at: at, approved_at: eb.fn.coalesce('approved_at', eb.val(at)) }
            : { approved_at: eb.fn.coalesce('approved_at', eb.val(at)) },
        )
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('published_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (updated && publish) await enqueueEvent(trx, { type: 'review_publish', payload: { reviewId: id } });
      return updated !== undefined;
    });
    if (!done) {
      const refused = await refusal(id, () => conflict('REVIEW_ALREADY_PUBLISHED'));
      if (refused) throw refused;
    }
  };

  /** Answers a published review, once: the answer is then locked. */
  const answer = async (id: number, text: string): Promise<void> => {
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('reviews')
        .set({ answer: text })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('published_at', 'is not', null)
        .where('answer', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (updated) await enqueueEvent(trx, { type: 'review_answer', payload: { reviewId: id } });
      return updated !== undefined;
    });
    if (!done) {
      // The same answer again is what is stored: nothing to change, nothing to send.
      const refused = await refusal(id, (row) =>
        row.answer === text ? null : row.answered ? conflict('REVIEW_ANSWER_LOCKED') : conflict('REVIEW_NOT_PUBLISHED'),
      );
      if (refused) throw refused;
    }
  };

  /** Hides a review for good (a soft delete: its order keeps it). */
  const remove = async (id: number, at: Date): Promise<void> => {
    const deleted = await db
      .updateTable('reviews')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw notFound('REVIEW_NOT_FOUND');
  };

  return { approve, answer, remove };
}

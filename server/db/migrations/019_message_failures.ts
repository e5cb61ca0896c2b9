import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * A chat message that can never reach its recipient is marked failed (-1), with the reason
 * (a code of src/domain/messageFailures.ts) the chat shows in the reader's language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE order_messages DROP CONSTRAINT IF EXISTS order_messages_status_check;
    ALTER TABLE order_messages ADD CONSTRAINT order_messages_status_check CHECK (status IN (-1, 0, 100, 200));
    ALTER TABLE order_messages ADD COLUMN failure varchar(40)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE order_messages DROP COLUMN IF EXISTS failure;
    UPDATE order_messages SET status = 200 WHERE status = -1;
    ALTER TABLE order_messages DROP CONSTRAINT IF EXISTS order_messages_status_check;
    ALTER TABLE order_messages ADD CONSTRAINT order_messages_status_check CHECK (status IN (0, 100, 200))
  `,
  );
}

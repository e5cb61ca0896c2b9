/** The operator stopped the question (Ctrl-C or Ctrl-D). */
export class PromptCancelled extends Error {}

/**
 * Reads one line from the terminal without showing it: nothing is echoed, backspace erases,
 * Enter ends, Ctrl-C or Ctrl-D cancels. Only for a terminal (the caller checks `isTTY`).
 */
export function askHidden(question: string, input = process.stdin, output = process.stderr): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    output.write(question);
    const finish = (done: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      done();
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003' || char === '\u0004') return finish(() => reject(new PromptCancelled('Cancelled')));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** A new password typed twice, so that a typo does not lock the admin out. */
export async function askNewPassword(): Promise<string> {
  const password = await askHidden('Password: ');
  const again = await askHidden('Repeat the password: ');
  if (password !== again) throw new PromptCancelled('The two passwords differ: nothing was created');
  return password;
}

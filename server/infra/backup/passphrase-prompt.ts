import { MIN_PASSPHRASE_LENGTH } from "./encryption";

// The CLI asks for a backup's passphrase on the terminal rather than taking it as an argument:
// an argument shows in `ps` and lands in the shell's history.

/** Reads one line from the terminal without echoing it; Ctrl-C cancels. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  output.write(prompt);
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  let value = "";
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      input.removeListener("data", onData);
      input.setRawMode(false);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (text: string) => {
      for (const character of text) {
        if (character === "\r" || character === "\n" || character === "\u0004") return done();
        if (character === "\u0003") return done(new Error("Cancelled"));
        if (character === "\u007f" || character === "\b") value = [...value].slice(0, -1).join("");
        else if (character >= " ") value += character;
      }
    };
    input.on("data", onData);
  });
}

export function canAskForPassphrase(): boolean {
  return Boolean(process.stdin.isTTY);
}

export function askPassphrase(): Promise<string> {
  return readHidden("Passphrase of the backup: ");
}

/** A new passphrase, typed twice, of the length a backup requires. */
export async function askNewPassphrase(): Promise<string> {
  const passphrase = await readHidden(`Passphrase for the backup (${MIN_PASSPHRASE_LENGTH}+ characters): `);
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new Error(`The passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters`);
  }
  if ((await readHidden("The same passphrase again: ")) !== passphrase) {
    throw new Error("The two passphrases differ");
  }
  return passphrase;
}

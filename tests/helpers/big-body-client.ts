export {};
// Posts a JSON body of `bytes` to `url` `times` times with fetch (one after the other) and prints
// one JSON line: what each attempt got, "413" when the answer was 413 with the expected message.
// Run inside a network namespace by tests/api/body-limit-drain.test.ts (node --import tsx).
const [url, bytes, times, message] = [
  process.argv[2],
  Number(process.argv[3]),
  Number(process.argv[4]),
  process.argv[5],
];
const body = JSON.stringify({ email: "a@b.co", password: "x".repeat(bytes) });
const origin = new URL(url).origin;
const outcomes: string[] = [];
for (let i = 0; i < times; i++) {
  try {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", origin }, body });
    const json = (await res.json().catch(() => ({}))) as { message?: string };
    outcomes.push(res.status === 413 && json.message === message ? "413" : String(res.status));
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    outcomes.push(cause?.code ?? cause?.message ?? String(err));
  }
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`);

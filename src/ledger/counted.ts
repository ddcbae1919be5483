// "1 stream", "2 streams": a count with its noun, for the reports of the CLI and the exports.
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

let tempCounter = 0;

/**
 * Writes the whole file to a temporary neighbour, then renames it over the old one, so a
 * crash mid-write leaves either the old data or the new, never half of it.
 */
export function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${++tempCounter}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The parsed file, or undefined when there is none yet. */
export function readJsonFile(file: string): unknown {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON; move it away to start with an empty service.`);
  }
}

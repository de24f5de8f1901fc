/**
 * The names of the files a user loaded into the scenario's long text fields (a catalogue, a
 * channel trace), kept for this page's life by the text they held: the CLI command Share shows
 * names the file the user has, not a made-up one. A link never carries them (nor the text, when
 * it is too long: Share says to share the file).
 */
const names = new Map<string, string>();

/** A file loaded into `field` (`constellation.tle`) with this text. */
export function rememberFile(field: string, text: string, name: string): void {
  names.set(`${field}\u0000${text}`, name);
}

/** The name of the file `text` was loaded from into `field`, if this page loaded it. */
export function loadedFileName(field: string, text: string): string | undefined {
  return names.get(`${field}\u0000${text}`);
}

/**
 * How every import reads a file a person saved: one decoding step and one separator rule, shared by
 * the server (which decides) and the admin screens (whose previews show the same text before
 * anything is sent). No zod and no Node APIs here: the front end imports it.
 *
 * Encodings, in the order they are recognised:
 * - a byte-order mark: UTF-8 (Excel's "CSV UTF-8"), UTF-16 LE or BE (Excel's "Unicode text");
 * - UTF-16 without its mark, from the zero bytes every other byte of Latin text is;
 * - valid UTF-8 (Google Sheets, LibreOffice's default, any editor);
 * - otherwise one of the two single-byte encodings spreadsheets on Windows write for "CSV (Comma
 *   delimited)" where this product is used: Windows-1252 (Western European) or Windows-1256
 *   (Arabic), told apart by the words the bytes make;
 * - anything else is refused with the way to save it as UTF-8.
 */

export const textEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'windows-1256'] as const;
export type TextEncoding = (typeof textEncodings)[number];

/** How the refusals and the docs name each encoding. */
export const encodingNames: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  'windows-1256': 'Windows-1256 (Arabic)',
};

export const SAVE_AS_UTF8 =
  'Save it as "CSV UTF-8 (Comma delimited)" in Excel, as "Text CSV" with the character set "Unicode (UTF-8)" in LibreOffice, or download it as CSV from Google Sheets, and import it again.';

/** `encoding`: one of textEncodings, or the WHATWG name of an encoding the sender declared. */
export type DecodedText = { text: string; encoding: string };
export type TextRefusal = { error: string; line?: number };

const decode = (encoding: TextEncoding, bytes: Uint8Array) =>
  new TextDecoder(encoding, { fatal: encoding.startsWith('utf') }).decode(bytes);

/** UTF-16 without a byte-order mark: Latin text has a zero in every other byte. */
function bomlessUtf16(bytes: Uint8Array): TextEncoding | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1);
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** The 1-based line of the first byte sequence that is not UTF-8. */
function firstNonUtf8Line(bytes: Uint8Array): number {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  for (let start = 0; start < bytes.length; line += 1) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end + 1;
    try {
      strict.decode(bytes.subarray(start, stop));
    } catch {
      return line;
    }
    start = stop;
  }
  return line;
}

// Bytes Windows-1252 leaves undefined (decoders turn them into control characters); in
// Windows-1256 they are Persian and Urdu letters and a zero-width non-joiner.
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const isAsciiLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/**
 * Windows-1252 or Windows-1256, by the words the bytes above 0x7F make: accented Latin letters sit
 * inside words of ASCII letters ("Jürgen"), Arabic letters make whole words of their own ("محمد").
 * Null when neither reading is believable (control bytes, or no word either way).
 */
function singleByteEncoding(bytes: Uint8Array): TextEncoding | null {
  let latinWords = 0;
  let arabicWords = 0;
  let undefinedIn1252 = false;
  let ascii = 0;
  let high = 0;
  const endWord = () => {
    if (high > 0 && ascii > 0) latinWords++;
    else if (high >= 2) arabicWords++;
    ascii = 0;
    high = 0;
  };
  for (const b of bytes) {
    if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return null;
    if (UNDEFINED_IN_1252.has(b)) undefinedIn1252 = true;
    if (isAsciiLetter(b)) ascii++;
    else if (b >= 0x80) high++;
    else endWord();
  }
  endWord();
  if (arabicWords > latinWords) return 'windows-1256';
  if (undefinedIn1252 || latinWords === 0) return arabicWords > 0 ? 'windows-1256' : null;
  return 'windows-1252';
}

/**
 * The text of a file, or why it cannot be read. `charset` is what the sender declared (a
 * `Content-Type` parameter); a byte-order mark still wins over it, as browsers do.
 */
export function decodeTextFile(bytes: Uint8Array, charset?: string): DecodedText | TextRefusal {
  try {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
      return { text: decode('utf-8', bytes.subarray(3)), encoding: 'utf-8' };
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      return { text: decode('utf-16le', bytes.subarray(2)), encoding: 'utf-16le' };
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
      return { text: decode('utf-16be', bytes.subarray(2)), encoding: 'utf-16be' };
  } catch {
    return { error: `The file starts as Unicode text but is cut or damaged. ${SAVE_AS_UTF8}` };
  }
  const declared = charset?.trim().toLowerCase();
  if (declared && !/^utf-?8$/.test(declared)) {
    // Any encoding the WHATWG Encoding Standard names (what TextDecoder reads, in browsers and Node).
    let decoder: InstanceType<typeof TextDecoder>;
    try {
      decoder = new TextDecoder(declared, { fatal: true });
    } catch {
      return { error: `The character set ${charset} is not supported. ${SAVE_AS_UTF8}` };
    }
    try {
      return { text: decoder.decode(bytes), encoding: decoder.encoding };
    } catch {
      return { error: `The file is not ${charset} text as declared. ${SAVE_AS_UTF8}` };
    }
  }
  const utf16 = bomlessUtf16(bytes);
  if (utf16) {
    try {
      return { text: decode(utf16, bytes), encoding: utf16 };
    } catch {
      return { error: `The file looks like UTF-16 text but is cut or damaged. ${SAVE_AS_UTF8}` };
    }
  }
  try {
    return { text: decode('utf-8', bytes), encoding: 'utf-8' };
  } catch {
    const single = singleByteEncoding(bytes);
    if (single) return { text: decode(single, bytes), encoding: single };
    const line = firstNonUtf8Line(bytes);
    return {
      line,
      error: `Line ${line} is not UTF-8 text, and the file is neither Windows-1252 (Western European) nor Windows-1256 (Arabic). ${SAVE_AS_UTF8}`,
    };
  }
}

export const separators = [',', ';', '\t'] as const;
export type Separator = (typeof separators)[number];
export const separatorNames: Record<Separator, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * The separator of a CSV file, read from its header line: the one of comma, semicolon (Excel where
 * the decimal mark is a comma) and tab (Excel's "Unicode text", Google Sheets' TSV) that occurs most
 * outside quotes; a comma when none does (a single column).
 */
export function detectSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  return separators.reduce((best, s) => (counts[s] > counts[best] ? s : best), ',' as Separator);
}

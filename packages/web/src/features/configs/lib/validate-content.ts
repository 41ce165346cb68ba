import type { ConfigType } from './config-types.js';

export type ContentCheck = { ok: true } | { ok: false; message: string };

const OK: ContentCheck = { ok: true };
const fail = (message: string): ContentCheck => ({ ok: false, message });

/** Java .properties only rejects malformed \uXXXX escapes; everything else is a key, a value or a comment. */
function checkProperties(content: string): ContentCheck {
  const lines = content.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*[#!]/.test(line)) continue;
    for (let j = 0; j < line.length; j++) {
      if (line[j] !== '\\') continue;
      if (line[j + 1] === 'u' && !/^[0-9a-fA-F]{4}$/.test(line.slice(j + 2, j + 6))) {
        return fail(`Malformed \\uxxxx encoding at line ${i + 1}, column ${j + 1}`);
      }
      j += 1; // skip the escaped character
    }
  }
  return OK;
}

async function checkYaml(content: string): Promise<ContentCheck> {
  const { parseAllDocuments } = await import('yaml');
  for (const doc of parseAllDocuments(content)) {
    const error = doc.errors[0];
    if (error) return fail(error.message);
  }
  return OK;
}

async function checkXml(content: string): Promise<ContentCheck> {
  const { XMLValidator } = await import('fast-xml-parser');
  const result = XMLValidator.validate(content);
  return result === true ? OK : fail(`${result.err.msg} (line ${result.err.line}, column ${result.err.col})`);
}

async function checkToml(content: string): Promise<ContentCheck> {
  const { parse } = await import('smol-toml');
  try {
    parse(content);
    return OK;
  } catch (err) {
    return fail((err as Error).message);
  }
}

function checkJson(content: string): ContentCheck {
  try {
    JSON.parse(content);
    return OK;
  } catch (err) {
    return fail((err as Error).message);
  }
}

/** Checks content against its type before publishing; the parsers load only when needed. */
export async function validateContent(type: ConfigType, content: string): Promise<ContentCheck> {
  switch (type) {
    case 'json':
      return checkJson(content);
    case 'yaml':
      return checkYaml(content);
    case 'xml':
      return checkXml(content);
    case 'toml':
      return checkToml(content);
    case 'properties':
      return checkProperties(content);
    default:
      return OK;
  }
}

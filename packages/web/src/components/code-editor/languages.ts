import type { Extension } from '@codemirror/state';

/** The highlighting for a config type, loaded on demand (text has none). */
export async function languageFor(type: string): Promise<Extension[]> {
  switch (type) {
    case 'json':
      return [(await import('@codemirror/lang-json')).json()];
    case 'yaml':
      return [(await import('@codemirror/lang-yaml')).yaml()];
    case 'xml':
      return [(await import('@codemirror/lang-xml')).xml()];
    case 'html':
      return [(await import('@codemirror/lang-html')).html()];
    case 'properties': {
      const [{ StreamLanguage }, { properties }] = await Promise.all([
        import('@codemirror/language'),
        import('@codemirror/legacy-modes/mode/properties'),
      ]);
      return [StreamLanguage.define(properties)];
    }
    case 'toml': {
      const [{ StreamLanguage }, { toml }] = await Promise.all([
        import('@codemirror/language'),
        import('@codemirror/legacy-modes/mode/toml'),
      ]);
      return [StreamLanguage.define(toml)];
    }
    default:
      return [];
  }
}

import type { Extension } from '@codemirror/state';
import { useEffect, useState } from 'react';
import { languageFor } from './languages.js';

/** The language extensions for a type; empty until loaded. */
export function useLanguage(type: string): Extension[] {
  const [extensions, setExtensions] = useState<{ type: string; ext: Extension[] }>({ type: '', ext: [] });
  useEffect(() => {
    let live = true;
    void languageFor(type).then((ext) => live && setExtensions({ type, ext }));
    return () => {
      live = false;
    };
  }, [type]);
  return extensions.type === type ? extensions.ext : [];
}

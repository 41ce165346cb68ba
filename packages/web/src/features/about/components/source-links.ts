import { repository } from '../../../../../../package.json';

export interface AboutLink {
  /** The i18n key of its label. */
  label: string;
  url: string;
}

/** This server's own documentation, served beside the console (the version you run). */
export const DOC_LINKS: AboutLink[] = [
  { label: 'about.doc_readme', url: '/rnacos/docs/README.html' },
  { label: 'about.doc_architecture', url: '/rnacos/docs/architecture.html' },
];

/**
 * A package.json `repository` as a browser opens it: `git+https://host/owner/name.git` and the
 * `github:owner/name` shorthand become `https://host/owner/name`; undefined when there is none.
 */
export function repositoryUrl(value: string | { url?: string } | undefined): string | undefined {
  const raw = typeof value === 'string' ? value : value?.url;
  if (!raw) return undefined;
  const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (shorthand) return `https://github.com/${shorthand[1]}`;
  return raw.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** This project's repository: the root package.json's `repository`. */
export const PROJECT_REPOSITORY = repositoryUrl(repository);

/**
 * Source repositories shown on the about page: this project's own, then the projects whose protocols and
 * formats the server keeps.
 */
export const SOURCE_LINKS: AboutLink[] = [
  ...(PROJECT_REPOSITORY ? [{ label: 'about.source_self', url: PROJECT_REPOSITORY }] : []),
  { label: 'about.source_nacos', url: 'https://github.com/alibaba/nacos' },
  { label: 'about.source_rnacos', url: 'https://github.com/nacos-group/r-nacos' },
];

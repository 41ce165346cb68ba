/** This server's own documentation, served beside the console (the version you run). */
export const DOC_LINKS = [
  { label: 'README', url: '/rnacos/docs/README.html' },
  { label: 'Architecture', url: '/rnacos/docs/architecture.html' },
];

/** Source repositories shown on the about page: the projects whose protocols and formats the server keeps. */
export const SOURCE_LINKS = [
  { label: 'nacos (client protocol)', url: 'https://github.com/alibaba/nacos' },
  { label: 'r-nacos (console API, settings, transfer format)', url: 'https://github.com/nacos-group/r-nacos' },
];

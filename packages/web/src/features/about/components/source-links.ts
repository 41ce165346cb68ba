/**
 * Source repositories shown on the about page: the projects whose protocols and formats the server keeps.
 * Add the project's own repository here once it has a public address.
 */
export const SOURCE_LINKS = [
  { label: 'nacos (client protocol)', url: 'https://github.com/alibaba/nacos' },
  { label: 'r-nacos (console API, settings, transfer format)', url: 'https://github.com/nacos-group/r-nacos' },
];

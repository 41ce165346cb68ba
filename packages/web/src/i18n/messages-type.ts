/** The shape of a message tree: the zh tree is typed against the en one, so a missing key fails the build. */
export type MessageTree<T> = { [K in keyof T]: T[K] extends string ? string : MessageTree<T[K]> };

/** A feature's messages in both languages. */
export interface FeatureMessages<T> {
  en: T;
  zh: MessageTree<T>;
}

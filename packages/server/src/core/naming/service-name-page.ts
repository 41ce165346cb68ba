/**
 * One page of service names, paged as nacos pages them: no upper bound on the page size (Spring Cloud's
 * `getServices()` asks for `Integer.MAX_VALUE`), a page number below 1 is the first page and a size below 1
 * an empty page. A page that covers the whole list is the list itself, whatever size was asked for.
 */
export function pageOfNames(names: readonly string[], pageNo: number, pageSize: number): readonly string[] {
  if (pageSize < 1) return [];
  const start = Math.max(pageNo - 1, 0) * pageSize;
  if (start === 0 && pageSize >= names.length) return names;
  if (start >= names.length) return [];
  return names.slice(start, Math.min(start + pageSize, names.length));
}

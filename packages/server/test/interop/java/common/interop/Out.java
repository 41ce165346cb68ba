package interop;

/** One JSON line per observation on stdout: {"step": ..., "value": ...}. */
final class Out {
  private Out() {}

  static void put(String step, Object value) {
    String json;
    if (value == null) json = "null";
    else if (value instanceof Boolean || value instanceof Number) json = value.toString();
    else json = quote(value.toString());
    System.out.println("{\"step\":" + quote(step) + ",\"value\":" + json + "}");
    System.out.flush();
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}

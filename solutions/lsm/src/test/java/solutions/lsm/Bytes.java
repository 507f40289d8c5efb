package solutions.lsm;

import course.contract.storage.Entry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Small helpers that keep the tests readable. */
final class Bytes {
    private Bytes() {}

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String s(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    static List<Entry> list(Iterator<Entry> it) {
        List<Entry> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}

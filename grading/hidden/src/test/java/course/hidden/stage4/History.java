package course.hidden.stage4;

import course.harness.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one sequential client did and saw, checked as it goes: after a write was acknowledged, a quorum read must
 * return it (or a later write). A write that was not acknowledged may or may not have happened, so until the next
 * acknowledged write of the key a read may return the value before it or any unacknowledged one after it.
 */
final class History {
    /** The values a read of a key may return; null stands for "absent". */
    private final Map<String, List<byte[]>> allowed = new HashMap<>();

    private final List<String> violations = new ArrayList<>();
    private int operations;

    void write(String key, byte[] valueOrNullForDelete, Reply reply) {
        operations++;
        int acked = valueOrNullForDelete == null ? 202 : 201;
        if (reply.status() == acked) {
            List<byte[]> only = new ArrayList<>();
            only.add(valueOrNullForDelete);
            allowed.put(key, only);
        } else {
            allowed.computeIfAbsent(key, k -> {
                        List<byte[]> absent = new ArrayList<>();
                        absent.add(null);
                        return absent;
                    })
                    .add(valueOrNullForDelete);
        }
    }

    void read(String key, Reply reply) {
        operations++;
        if (reply.status() != 200 && reply.status() != 404) {
            return; // a read that did not reach a quorum says nothing
        }
        byte[] seen = reply.status() == 404 ? null : reply.body();
        List<byte[]> ok = allowed.getOrDefault(key, Collections.singletonList(null));
        if (ok.stream().noneMatch(v -> v == null ? seen == null : seen != null && Arrays.equals(v, seen))) {
            violations.add("operation " + operations + ": " + reply.request() + " answered "
                    + reply.describeAnswer() + ", but the last acknowledged write of the key "
                    + (ok.get(0) == null
                            ? "deleted it (or it was never written)"
                            : "stored \"" + new String(ok.get(0), StandardCharsets.UTF_8) + "\""));
        }
    }

    List<String> violations() {
        return violations;
    }

    int operations() {
        return operations;
    }
}

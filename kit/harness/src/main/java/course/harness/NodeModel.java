package course.harness;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A sequential model of what node 0 must hold: each write goes through the model (and must succeed), so it always
 * knows what a read must return. It remembers deleted keys too (with no value), so a check after a restart or a crash
 * covers the deletes as well as the writes. One client's model: not for several threads at once.
 */
public final class NodeModel {
    private final KvClient c;
    private final Map<String, byte[]> values = new LinkedHashMap<>(); // a deleted key maps to null

    public NodeModel(KvClient c) {
        this.c = c;
    }

    /** PUT, answered 201. */
    public void put(String key, byte[] value) {
        c.put(0, key, value).assertStatus(201);
        values.put(key, value);
    }

    public void put(String key, String value) {
        put(key, value.getBytes(StandardCharsets.UTF_8));
    }

    /** DELETE, answered 202. */
    public void delete(String key) {
        c.delete(0, key).assertStatus(202);
        values.put(key, null);
    }

    /** GET: 200 with exactly the model's value, or 404 where it holds none (never written, or deleted). */
    public void assertRead(String key) {
        c.get(0, key).assertValue(values.get(key));
    }

    /** {@link #assertRead} for every key the model has written or deleted. */
    public void assertEveryKey() {
        values.keySet().forEach(this::assertRead);
    }
}

package course.harness;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The shape of the concurrency tests: {@code clients} clients at once, each doing {@code operations} operations on
 * {@code keysPerClient} keys of its own ({@link #key}) through a {@link Model} of them. When all are done, every key
 * of every client must read back from node 0 as that client's model says, whatever the others did meanwhile.
 */
public record ClientModels(String prefix, int clients, int operations, int keysPerClient) {
    /** One client's operations, each done through its model; it may check its reads as it goes. */
    @FunctionalInterface
    public interface Client {
        void run(int client, Random random, Model model) throws Exception;
    }

    /**
     * One client's sequential model of its own keys on node 0: each write is done through it (and must succeed), so
     * it always holds what a read must return (no entry where the key was never written or was deleted).
     */
    public static final class Model {
        private final KvClient c;
        private final Map<String, byte[]> values = new HashMap<>();

        Model(KvClient c) {
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
            values.remove(key);
        }

        /** GET: 200 with exactly the model's value, or 404 where the model holds none. */
        public void assertRead(String key) {
            c.get(0, key).assertValue(values.get(key));
        }
    }

    /** Client {@code client}'s {@code k}-th key. */
    public String key(int client, int k) {
        return prefix + client + "-" + k;
    }

    /** One of the client's own keys, chosen by its Random. */
    public String anyKeyOf(int client, Random random) {
        return key(client, random.nextInt(keysPerClient));
    }

    /**
     * Runs the clients through {@link Clients#concurrently} (client i with {@code new Random(seed + i)}, at most
     * {@code secondsEach} each), then reads every key of every client back through its model.
     */
    public void runAndCheck(KvClient c, long seed, long secondsEach, Client client) throws Exception {
        List<Model> models = Clients.concurrently(clients, seed, secondsEach, (id, random) -> {
            Model model = new Model(c);
            client.run(id, random, model);
            return model;
        });
        for (int id = 0; id < clients; id++) {
            for (int k = 0; k < keysPerClient; k++) {
                models.get(id).assertRead(key(id, k));
            }
        }
    }
}

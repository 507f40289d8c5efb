package course.harness;

import java.util.List;
import java.util.Random;

/**
 * The shape of the concurrency tests: {@code clients} clients at once, each doing {@code operations} operations on
 * {@code keysPerClient} keys of its own ({@link #key}) through a {@link NodeModel} of them. When all are done,
 * every key of every client must read back from node 0 as that client's model says, whatever the others did.
 */
public record ClientModels(String prefix, int clients, int operations, int keysPerClient) {
    /** One client's operations, each done through its model; it may check its reads as it goes. */
    @FunctionalInterface
    public interface Client {
        void run(int client, Random random, NodeModel model) throws Exception;
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
        List<NodeModel> models = Clients.concurrently(clients, seed, secondsEach, (id, random) -> {
            NodeModel model = new NodeModel(c);
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
